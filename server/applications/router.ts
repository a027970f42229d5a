import { applicationDecisionSchema, applySchema, jobRefSchema } from "../../domain/applications.ts";
import { router } from "../trpc/init.ts";
import { authedProcedure } from "../trpc/procedures.ts";
import { applyToJob } from "./apply.ts";
import { acceptApplication, rejectApplication } from "./decide.ts";
import { listJobApplications } from "./job-applications.ts";
import { myApplication } from "./my-application.ts";

export const applicationsRouter = router({
  /** A worker applies to an open job of someone else, once. */
  submit: authedProcedure
    .input(applySchema)
    .mutation(({ ctx, input }) =>
      applyToJob(ctx.db, { jobId: input.jobId, worker: ctx.profile, message: input.message }),
    ),

  /** The caller's application status for a job (the apply card). */
  mine: authedProcedure.input(jobRefSchema).query(({ ctx, input }) => myApplication(ctx.db, input.jobId, ctx.user.id)),

  /** The job owner's list of applications with capacity; Access Denied for anyone else. */
  forJob: authedProcedure
    .input(jobRefSchema)
    .query(({ ctx, input }) => listJobApplications(ctx.db, input.jobId, ctx.user.id)),

  /** The owner accepts a pending application, within max_workers; the worker joins the group chat. */
  accept: authedProcedure
    .input(applicationDecisionSchema)
    .mutation(({ ctx, input }) =>
      acceptApplication(ctx.db, { applicationId: input.applicationId, ownerId: ctx.user.id, now: ctx.services.now() }),
    ),

  /** The owner rejects a pending application. */
  reject: authedProcedure
    .input(applicationDecisionSchema)
    .mutation(({ ctx, input }) =>
      rejectApplication(ctx.db, { applicationId: input.applicationId, ownerId: ctx.user.id, now: ctx.services.now() }),
    ),
});
