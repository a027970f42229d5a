import { z } from "zod";
import { ERR } from "../../domain/errors.ts";
import { jobSearchSchema } from "../../domain/job-filters.ts";
import { jobCreateSchema, jobIdSchema, jobStatusChangeSchema, jobUpdateSchema } from "../../domain/jobs.ts";
import { pageCursorSchema } from "../../domain/page-cursor.ts";
import { fail, router } from "../trpc/init.ts";
import { authedProcedure, publicProcedure } from "../trpc/procedures.ts";
import { changeJobStatus } from "./change-status.ts";
import { createJob } from "./create-job.ts";
import { findJobDetails, findOwnJob } from "./job-details.ts";
import { myJobs } from "./my-jobs.ts";
import { searchJobs } from "./search-jobs.ts";
import { updateJob } from "./update-job.ts";

const byJobId = z.object({ jobId: jobIdSchema });

export const jobsRouter = router({
  /** Home list and search over all open jobs, newest first, 20 per page; anyone may search. */
  search: publicProcedure.input(jobSearchSchema).query(({ ctx, input }) => searchJobs(ctx.db, input)),

  /** A job page, open or not; anyone may view it. */
  byId: publicProcedure.input(byJobId).query(async ({ ctx, input }) => {
    const job = await findJobDetails(ctx.db, input.jobId, ctx.user?.id ?? null);
    if (!job) throw fail("NOT_FOUND", ERR.jobNotFound);
    return job;
  }),

  /** The edit form's data: only the job's employer finds it. */
  forEdit: authedProcedure.input(byJobId).query(async ({ ctx, input }) => {
    const job = await findOwnJob(ctx.db, input.jobId, ctx.user.id);
    if (!job) throw fail("NOT_FOUND", ERR.jobEditNotFound);
    return job;
  }),

  /** Post a job as the signed-in person. */
  create: authedProcedure
    .input(jobCreateSchema)
    .mutation(({ ctx, input }) => createJob(ctx.db, ctx.user.id, input, ctx.services.now())),

  /** Save the edit form: the owner's job only. */
  update: authedProcedure
    .input(jobUpdateSchema)
    .mutation(({ ctx, input }) => updateJob(ctx.db, ctx.user.id, input, ctx.services.now())),

  /** Start, complete or cancel: the owner's job only, along the transitions of domain/statuses.ts. */
  changeStatus: authedProcedure
    .input(jobStatusChangeSchema)
    .mutation(({ ctx, input }) => changeJobStatus(ctx.db, ctx.user.id, input.jobId, input.action, ctx.services.now())),

  /** /my-jobs: posted jobs for employers, applied-to jobs with the application status for workers. */
  mine: authedProcedure
    .input(z.object({ cursor: pageCursorSchema.nullish() }))
    .query(({ ctx, input }) => myJobs(ctx.db, { id: ctx.user.id, userType: ctx.profile.userType }, input.cursor)),
});
