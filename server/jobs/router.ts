import { z } from "zod";

import { jobRefSchema } from "../../domain/ids.ts";
import { jobSearchSchema } from "../../domain/job-filters.ts";
import { jobCreateSchema, jobStatusChangeSchema, jobUpdateSchema } from "../../domain/jobs.ts";
import { pageCursorSchema } from "../../domain/page-cursor.ts";
import { found, settle } from "../trpc/answer.ts";
import { router } from "../trpc/init.ts";
import { authedProcedure, memberProcedure, publicProcedure, verifiedMemberProcedure } from "../trpc/procedures.ts";
import { changeJobStatus } from "./change-status.ts";
import { createJob } from "./create-job.ts";
import { findJobDetails, findOwnJob } from "./job-details.ts";
import { myJobs } from "./my-jobs.ts";
import { searchJobs } from "./search-jobs.ts";
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
  create: verifiedMemberProcedure
    .input(jobCreateSchema)
    .mutation(async ({ ctx, input }) =>
      settle(await createJob(ctx.db, ctx.services.queue, ctx.user.id, input, ctx.services.now())),
    ),

  /** Save the edit form: the owner's job only. */
  update: memberProcedure
    .input(jobUpdateSchema)
    .mutation(async ({ ctx, input }) => settle(await updateJob(ctx.db, ctx.user.id, input, ctx.services.now()))),

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

  /** /my-jobs: posted jobs for employers, applied-to jobs with the application status for workers. */
  mine: authedProcedure
    .input(z.object({ cursor: pageCursorSchema.nullish() }))
    .query(({ ctx, input }) => myJobs(ctx.db, { id: ctx.user.id, userType: ctx.profile.userType }, input.cursor, ctx.language)),
});
