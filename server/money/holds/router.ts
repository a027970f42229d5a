import { jobRefSchema } from "../../../domain/ids.ts";
import { found, settle } from "../../trpc/answer.ts";
import { router } from "../../trpc/init.ts";
import { authedProcedure, memberProcedure } from "../../trpc/procedures.ts";
import { jobPayState } from "./pay-state.ts";
import { retryHold } from "./retry-hold.ts";

/** Employers' pay held before the shift (docs/decisions/079). */
export const holdsRouter = router({
  /** A through-Daywork job's payment state: the owner's whole state, a hired worker's secured yes or no; anyone else not found. */
  forJob: authedProcedure
    .input(jobRefSchema)
    .query(async ({ ctx, input }) =>
      found(await jobPayState(ctx.db, { jobId: input.jobId, callerId: ctx.user.id, now: ctx.services.now() }), "job_not_found"),
    ),

  /** The owner asks for a new hold after one failed. */
  retry: memberProcedure
    .input(jobRefSchema)
    .mutation(async ({ ctx, input }) =>
      settle(await retryHold(ctx.db, ctx.services.queue, { jobId: input.jobId, ownerId: ctx.user.id, now: ctx.services.now() })),
    ),
});
