import { z } from "zod";

import { messageIdSchema } from "../../domain/ids.ts";
import {
  answerAppealSchema,
  appealIdSchema,
  moderationDecideSchema,
  moderationQueueSchema,
  moderationSubjectSchema,
} from "../../domain/moderation/decisions.ts";
import { refused, settle } from "../trpc/answer.ts";
import { router } from "../trpc/init.ts";
import { moderatorProcedure } from "../trpc/procedures.ts";
import { answerDecisionAppeal } from "./answer-appeal.ts";
import { decide } from "./decide.ts";
import { appealCase } from "./decision-appeal.ts";
import { moderationItem } from "./item.ts";
import { moderationQueue } from "./queue.ts";
import { readReportedMessage } from "./reported-message.ts";

/** The moderation queue and its decisions (docs/decisions/074): moderators and admins, each act audited. */
export const moderationRouter = router({
  /** What waits, oldest first: reports on items, held jobs, appeals. */
  queue: moderatorProcedure.input(moderationQueueSchema).query(({ ctx, input }) => moderationQueue(ctx.db, input)),

  /** One item: its content, reports, earlier decisions, author's history and the actions that fit. */
  item: moderatorProcedure.input(z.object({ subject: moderationSubjectSchema })).query(async ({ ctx, input }) => {
    const item = await moderationItem(ctx.db, input.subject, ctx.services.now());
    if (!item) throw refused("not_found");
    return item;
  }),

  /** A reported message with the 10 around it; the read is written to the audit log first. */
  readMessage: moderatorProcedure
    .input(z.object({ messageId: messageIdSchema }))
    .mutation(async ({ ctx, input }) =>
      settle(await readReportedMessage(ctx.db, { operatorId: ctx.user.id, messageId: input.messageId })),
    ),

  decide: moderatorProcedure
    .input(moderationDecideSchema)
    .mutation(async ({ ctx, input }) =>
      settle(await decide(ctx.db, ctx.services, { ...input, operator: { id: ctx.user.id, role: ctx.operatorRole } })),
    ),

  /** An appeal with what it is about, for the operator who answers it. */
  appeal: moderatorProcedure.input(z.object({ appealId: appealIdSchema })).query(async ({ ctx, input }) => {
    const found = await appealCase(ctx.db, input.appealId, ctx.services.now());
    if (!found) throw refused("not_found");
    return { ...found, decidedByCaller: found.decision?.decidedBy === ctx.user.id };
  }),

  answerAppeal: moderatorProcedure
    .input(answerAppealSchema)
    .mutation(async ({ ctx, input }) =>
      settle(
        await answerDecisionAppeal(ctx.db, ctx.services, { ...input, operator: { id: ctx.user.id, role: ctx.operatorRole } }),
      ),
    ),
});
