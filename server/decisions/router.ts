import { appealDecisionSchema } from "../../domain/moderation/decisions.ts";
import { decisionRefSchema, decisionsMineSchema } from "../../domain/moderation/statements.ts";
import { found, settle } from "../trpc/answer.ts";
import { router } from "../trpc/init.ts";
import { memberProcedure } from "../trpc/procedures.ts";
import { appealDecision } from "./appeal-decision.ts";
import { decisionStatement, myDecisions } from "./statements.ts";

/**
 * Statements of reasons and appeals, the affected person's side (docs/decisions/074). Member builders,
 * not participating ones: a restricted person reads and appeals what restricted them.
 */
export const decisionsRouter = router({
  /** The decisions about the caller's items or account, newest first, paginated. */
  mine: memberProcedure
    .input(decisionsMineSchema)
    .query(({ ctx, input }) => myDecisions(ctx.db, { userId: ctx.user.id, now: ctx.services.now(), cursor: input.cursor })),

  /** One statement of reasons; another person's decision is not found. */
  get: memberProcedure
    .input(decisionRefSchema)
    .query(async ({ ctx, input }) =>
      found(
        await decisionStatement(ctx.db, { userId: ctx.user.id, decisionId: input.decisionId, now: ctx.services.now() }),
        "not_found",
      ),
    ),

  /** Appeal a decision once, within its window, with a text. */
  appeal: memberProcedure.input(appealDecisionSchema).mutation(async ({ ctx, input }) =>
    settle(
      await appealDecision(ctx.db, {
        userId: ctx.user.id,
        decisionId: input.decisionId,
        text: input.text,
        now: ctx.services.now(),
      }),
    ),
  ),
});
