import { answerAppealSchema } from "../../domain/moderation/decisions.ts";
import {
  appealStrikeSchema,
  disputeCaseSchema,
  escalateTimesheetSchema,
  settleTimesheetSchema,
} from "../../domain/moderation/disputes.ts";
import { found, settle } from "../trpc/answer.ts";
import { router } from "../trpc/init.ts";
import { memberProcedure, moderatorProcedure } from "../trpc/procedures.ts";
import { disputeCase } from "./case.ts";
import { answerStrikeAppeal, settleTimesheet } from "./decide.ts";
import { appealStrike, escalateTimesheet } from "./escalate.ts";

/**
 * The marketplace's own disputes before operators (docs/decisions/074): a disputed timesheet sent to
 * Daywork, a strike appealed, and the operators' answers. Members under a restriction may still ask:
 * it is how they contest what counts against them.
 */
export const disputesRouter = router({
  /** Either side of a timesheet disputed for 48 hours sends it to Daywork, once. */
  escalateTimesheet: memberProcedure
    .input(escalateTimesheetSchema)
    .mutation(async ({ ctx, input }) =>
      settle(await escalateTimesheet(ctx.db, ctx.services.queue, { userId: ctx.user.id, ...input, now: ctx.services.now() })),
    ),

  /** The strike's person appeals it within 14 days, once. */
  appealStrike: memberProcedure
    .input(appealStrikeSchema)
    .mutation(async ({ ctx, input }) =>
      settle(await appealStrike(ctx.db, { userId: ctx.user.id, ...input, now: ctx.services.now() })),
    ),

  /** An operator reads a timesheet's or a strike's appeal with everything it is decided on (audited). */
  case: moderatorProcedure
    .input(disputeCaseSchema)
    .query(async ({ ctx, input }) =>
      found(await disputeCase(ctx.db, { operatorId: ctx.user.id, appealId: input.appealId }), "not_found"),
    ),

  /** An operator settles an escalated timesheet with the final minutes and a note. */
  settleTimesheet: moderatorProcedure.input(settleTimesheetSchema).mutation(async ({ ctx, input }) =>
    settle(
      await settleTimesheet(ctx.db, ctx.services.queue, {
        operator: { id: ctx.user.id, role: ctx.operatorRole },
        ...input,
        now: ctx.services.now(),
      }),
    ),
  ),

  /** An operator answers a strike's appeal: upheld, or reversed (the strike removed). */
  answerStrike: moderatorProcedure.input(answerAppealSchema).mutation(async ({ ctx, input }) =>
    settle(
      await answerStrikeAppeal(ctx.db, ctx.services.queue, {
        operator: { id: ctx.user.id, role: ctx.operatorRole },
        ...input,
        now: ctx.services.now(),
      }),
    ),
  ),
});
