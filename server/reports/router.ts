import { reportCreateSchema, reportsMineSchema } from "../../domain/reports.ts";
import { keyedRequest, oncePerKey } from "../idempotency/once-per-key.ts";
import { settle } from "../trpc/answer.ts";
import { router } from "../trpc/init.ts";
import { authedProcedure, memberProcedure } from "../trpc/procedures.ts";
import { createReport } from "./create-report.ts";
import { myReports } from "./my-reports.ts";

/** Reports of jobs, profiles, messages and reviews, the member's side (docs/decisions/070). */
export const reportsRouter = router({
  /** Report an item the caller can see, with a reason; a second report of it answers the first. */
  create: memberProcedure.input(reportCreateSchema).mutation(async ({ ctx, input }) => {
    const keyed = keyedRequest(ctx.user.id, "reports.create", input);
    const params = {
      reporterId: ctx.user.id,
      subject: input.subject,
      reason: input.reason,
      comment: input.comment,
      now: ctx.services.now(),
      keyed,
    };
    return settle(await oncePerKey(ctx.db, keyed, () => createReport(ctx.db, ctx.services, params)));
  }),

  /** The caller's own reports, newest first, paginated. */
  mine: authedProcedure
    .input(reportsMineSchema)
    .query(({ ctx, input }) => myReports(ctx.db, { reporterId: ctx.user.id, cursor: input.cursor })),
});
