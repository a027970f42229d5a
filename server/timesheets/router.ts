import {
  earningsListSchema,
  jobTimesheetsSchema,
  timesheetApproveSchema,
  timesheetDisputeSchema,
  timesheetMinutesChangeSchema,
  timesheetRefSchema,
} from "../../domain/timesheets.ts";
import { confirmReceived, markPaid } from "../money/direct-pay.ts";
import { found, settle } from "../trpc/answer.ts";
import { router } from "../trpc/init.ts";
import { authedProcedure, memberProcedure } from "../trpc/procedures.ts";
import { acceptTimesheet, approveTimesheets, disputeTimesheet, editTimesheet, resolveTimesheet } from "./decide.ts";
import { myEarnings } from "./earnings.ts";
import { timesheetsCsv } from "./export-csv.ts";
import { timesheetHistory } from "./history.ts";
import { jobTimesheets } from "./job-timesheets.ts";

/** Timesheets (docs/product.md, Shift operations). */
export const timesheetsRouter = router({
  /** A job's days and hours: the owner's for every hired worker, a hired worker's own; "Job not found" for anyone else. */
  forJob: authedProcedure
    .input(jobTimesheetsSchema)
    .query(async ({ ctx, input }) =>
      found(await jobTimesheets(ctx.db, { jobId: input.jobId, callerId: ctx.user.id, now: ctx.services.now() }), "job_not_found"),
    ),

  /** One timesheet and every change to it, for the job's owner and the worker it is about. */
  history: authedProcedure
    .input(timesheetRefSchema)
    .query(async ({ ctx, input }) =>
      found(await timesheetHistory(ctx.db, input.timesheetId, ctx.user.id), "timesheet_not_found"),
    ),

  /** The owner approves pending timesheets as recorded (one, or a day's at once). */
  approve: memberProcedure.input(timesheetApproveSchema).mutation(async ({ ctx, input }) =>
    settle(
      await approveTimesheets(ctx.db, ctx.services.queue, {
        ownerId: ctx.user.id,
        timesheetIds: input.timesheetIds,
        now: ctx.services.now(),
      }),
    ),
  ),

  /** The owner changes the minutes, with a reason, before the worker answered. */
  edit: memberProcedure
    .input(timesheetMinutesChangeSchema)
    .mutation(async ({ ctx, input }) =>
      settle(await editTimesheet(ctx.db, ctx.services.queue, { ownerId: ctx.user.id, ...input, now: ctx.services.now() })),
    ),

  /** The worker accepts the owner's approval or edit within their answer window. */
  accept: memberProcedure.input(timesheetRefSchema).mutation(async ({ ctx, input }) =>
    settle(
      await acceptTimesheet(ctx.db, ctx.services.queue, {
        workerId: ctx.user.id,
        timesheetId: input.timesheetId,
        now: ctx.services.now(),
      }),
    ),
  ),

  /** The worker disputes within their answer window, with a reason (and the minutes they claim). */
  dispute: memberProcedure
    .input(timesheetDisputeSchema)
    .mutation(async ({ ctx, input }) =>
      settle(await disputeTimesheet(ctx.db, ctx.services.queue, { workerId: ctx.user.id, ...input, now: ctx.services.now() })),
    ),

  /** The owner settles a dispute with the final minutes and a reason. */
  resolve: memberProcedure
    .input(timesheetMinutesChangeSchema)
    .mutation(async ({ ctx, input }) =>
      settle(await resolveTimesheet(ctx.db, ctx.services.queue, { ownerId: ctx.user.id, ...input, now: ctx.services.now() })),
    ),

  /** The owner of a directly paid job marks a worker's agreed day paid (once; the worker is told). */
  markPaid: memberProcedure
    .input(timesheetRefSchema)
    .mutation(async ({ ctx, input }) =>
      settle(await markPaid(ctx.db, ctx.services.queue, { ownerId: ctx.user.id, timesheetId: input.timesheetId })),
    ),

  /** The worker confirms receiving a day's pay the owner marked paid (once; the owner is told). */
  confirmReceived: memberProcedure
    .input(timesheetRefSchema)
    .mutation(async ({ ctx, input }) =>
      settle(await confirmReceived(ctx.db, ctx.services.queue, { workerId: ctx.user.id, timesheetId: input.timesheetId })),
    ),

  /** The caller's earnings per job they were hired for, newest hire first. */
  myEarnings: authedProcedure.input(earningsListSchema).query(({ ctx, input }) => myEarnings(ctx.db, ctx.user.id, input.cursor)),

  /** A job's timesheets as a CSV file (the owner's all, a hired worker's own), in the caller's language. */
  csv: authedProcedure
    .input(jobTimesheetsSchema)
    .query(async ({ ctx, input }) =>
      found(
        await timesheetsCsv(ctx.db, { jobId: input.jobId, callerId: ctx.user.id, now: ctx.services.now(), locale: ctx.language }),
        "job_not_found",
      ),
    ),
});
