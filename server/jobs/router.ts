import { jobRefSchema } from "../../domain/ids.ts";
import { jobSearchSchema } from "../../domain/job-filters.ts";
import { jobCreateSchema, jobStatusChangeSchema, jobUpdateSchema } from "../../domain/jobs.ts";
import { myJobsSchema } from "../../domain/my-jobs.ts";
import { keyedRequest, oncePerKey } from "../idempotency/once-per-key.ts";
import { found, settle } from "../trpc/answer.ts";
import { router } from "../trpc/init.ts";
import {
  authedProcedure,
  memberProcedure,
  participatingMemberProcedure,
  participatingVerifiedProcedure,
  publicProcedure,
} from "../trpc/procedures.ts";
import { changeJobStatus } from "./change-status.ts";
import { createJob } from "./create-job.ts";
import { findJobDetails, findOwnJob } from "./job-details.ts";
import { markApplicationsSeen, myJobs, myJobsSummary } from "./my-jobs.ts";
import { searchJobs } from "./search/index.ts";
import { updateJob } from "./update-job.ts";

export const jobsRouter = router({
  /** Home list and search over all open jobs, newest first, 20 per page; anyone may search. */
  search: publicProcedure
    .input(jobSearchSchema)
    .query(async ({ ctx, input }) => settle(await searchJobs(ctx.db, input, ctx.language))),

  /** A job page, open or not; anyone may view it. */
  byId: publicProcedure
    .input(jobRefSchema)
    .query(async ({ ctx, input }) =>
      found(await findJobDetails(ctx.db, input.jobId, ctx.user?.id ?? null, ctx.language), "job_not_found"),
    ),

  /** The edit form's data: only the job's employer finds it. */
  forEdit: authedProcedure
    .input(jobRefSchema)
    .query(async ({ ctx, input }) => found(await findOwnJob(ctx.db, input.jobId, ctx.user.id), "job_edit_not_found")),

  /** Post a job as the signed-in person; it reaches every worker, so their address must be confirmed (docs/decisions/017). */
  create: participatingVerifiedProcedure.input(jobCreateSchema).mutation(async ({ ctx, input }) => {
    const keyed = keyedRequest(ctx.user.id, "jobs.create", input);
    return settle(
      await oncePerKey(ctx.db, keyed, () => createJob(ctx.db, ctx.services, ctx.user.id, input, ctx.services.now(), keyed)),
    );
  }),

  /** Save the edit form: the owner's job only. */
  update: participatingMemberProcedure
    .input(jobUpdateSchema)
    .mutation(async ({ ctx, input }) => settle(await updateJob(ctx.db, ctx.services, ctx.user.id, input, ctx.services.now()))),

  /** Start, complete or cancel: the owner's job only, along the transitions of domain/statuses.ts. */
  changeStatus: memberProcedure.input(jobStatusChangeSchema).mutation(async ({ ctx, input }) => {
    const changed = await changeJobStatus(ctx.db, ctx.services.queue, {
      employerId: ctx.user.id,
      jobId: input.jobId,
      action: input.action,
      now: ctx.services.now(),
    });
    return settle(changed);
  }),

  /**
   * /my-jobs and the profile's card: the caller's posted jobs (with applicant counts) or the jobs they
   * applied to (with their application's status), whatever their account type; one tab at a time.
   */
  mine: authedProcedure
    .input(myJobsSchema)
    .query(({ ctx, input }) =>
      myJobs(ctx.db, { id: ctx.user.id, userType: ctx.profile.userType }, input, ctx.language, ctx.services.now()),
    ),

  /** The counts of /my-jobs' switches and tabs, and the applications to the caller's jobs not seen yet. */
  mineSummary: authedProcedure.query(({ ctx }) => myJobsSummary(ctx.db, ctx.user.id, ctx.services.now())),

  /** The owner opened a job's applications page: those received so far are no longer new on /my-jobs. */
  markApplicationsSeen: authedProcedure
    .input(jobRefSchema)
    .mutation(async ({ ctx, input }) =>
      found(
        await markApplicationsSeen(ctx.db, { ownerId: ctx.user.id, jobId: input.jobId, now: ctx.services.now() }),
        "not_owner",
      ),
    ),
});
