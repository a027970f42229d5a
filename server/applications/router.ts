import { applicationDecisionSchema, applySchema, withdrawSchema } from "../../domain/applications.ts";
import { jobRefSchema } from "../../domain/ids.ts";
import { keyedRequest, oncePerKey } from "../idempotency/once-per-key.ts";
import { found, settle } from "../trpc/answer.ts";
import { router } from "../trpc/init.ts";
import { authedProcedure, memberProcedure, participatingMemberProcedure } from "../trpc/procedures.ts";
import { applyToJob } from "./apply.ts";
import { acceptApplication, rejectApplication, undoRejection } from "./decide.ts";
import { listJobApplications } from "./job-applications.ts";
import { myApplication } from "./my-application.ts";
import { withdrawApplication } from "./withdraw.ts";

export const applicationsRouter = router({
  /** A worker applies to an open job of someone else, once (again after withdrawing), for some days where allowed. */
  submit: participatingMemberProcedure.input(applySchema).mutation(async ({ ctx, input }) => {
    const keyed = keyedRequest(ctx.user.id, "applications.submit", input);
    const applied = await oncePerKey(ctx.db, keyed, () =>
      applyToJob(ctx.db, ctx.services.queue, {
        jobId: input.jobId,
        worker: ctx.profile,
        message: input.message,
        days: input.days,
        now: ctx.services.now(),
        keyed,
      }),
    );
    return settle(applied);
  }),

  /** A worker withdraws their own pending or accepted application while the job is open or in progress. */
  withdraw: memberProcedure.input(withdrawSchema).mutation(async ({ ctx, input }) => {
    const withdrawn = await withdrawApplication(ctx.db, ctx.services.queue, {
      jobId: input.jobId,
      workerId: ctx.user.id,
      now: ctx.services.now(),
    });
    return settle(withdrawn);
  }),

  /** The caller's application status for a job (the apply card). */
  mine: authedProcedure
    .input(jobRefSchema)
    .query(({ ctx, input }) => myApplication(ctx.db, input.jobId, ctx.user.id, ctx.services.now())),

  /** The job owner's list of applications with capacity; Access Denied for anyone else. */
  forJob: authedProcedure
    .input(jobRefSchema)
    .query(async ({ ctx, input }) => found(await listJobApplications(ctx.db, input.jobId, ctx.user.id), "not_owner")),

  /** The owner accepts a pending application, within max_workers; the worker joins the group chat. */
  accept: memberProcedure.input(applicationDecisionSchema).mutation(async ({ ctx, input }) => {
    const accepted = await acceptApplication(ctx.db, ctx.services.queue, {
      applicationId: input.applicationId,
      ownerId: ctx.user.id,
      now: ctx.services.now(),
    });
    return settle(accepted);
  }),

  /** The owner rejects a pending application; the worker is told once it can no longer be undone. */
  reject: memberProcedure.input(applicationDecisionSchema).mutation(async ({ ctx, input }) => {
    const rejected = await rejectApplication(ctx.db, ctx.services.queue, {
      applicationId: input.applicationId,
      ownerId: ctx.user.id,
      now: ctx.services.now(),
    });
    return settle(rejected);
  }),

  /** The owner restores an application they rejected, within REJECTION_UNDO_SECONDS; the worker is never told. */
  undoReject: memberProcedure.input(applicationDecisionSchema).mutation(async ({ ctx, input }) => {
    const restored = await undoRejection(ctx.db, ctx.services.queue, {
      applicationId: input.applicationId,
      ownerId: ctx.user.id,
      now: ctx.services.now(),
    });
    return settle(restored);
  }),
});
