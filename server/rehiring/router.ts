import { jobRefSchema } from "../../domain/ids.ts";
import {
  favouriteSchema,
  favouritesListSchema,
  followSchema,
  invitationRefSchema,
  inviteJobsSchema,
  inviteSchema,
  pastJobRefSchema,
  personLinksSchema,
  postAgainSchema,
} from "../../domain/rehiring.ts";
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
import { acceptInvitation, cancelInvitation, declineInvitation } from "./answer-invitation.ts";
import { listFavourites, markFavourite, unmarkFavourite } from "./favourites.ts";
import { follow, followedEmployersJobs, personLinks, unfollow } from "./follows.ts";
import { invitationForJob, jobRehiring, myInvitations } from "./invitation-lists.ts";
import { inviteJobs, inviteWorker } from "./invite.ts";
import { pastJobForCopy, postAgain } from "./post-again.ts";

/** Rehiring (docs/product.md, Rehiring; docs/decisions/036). */
export const rehiringRouter = router({
  /** A person's followers count and the caller's follow and favourite state (profile and job pages). */
  personLinks: publicProcedure
    .input(personLinksSchema)
    .query(async ({ ctx, input }) =>
      found(await personLinks(ctx.db, { personId: input.personId, callerId: ctx.user?.id ?? null }), "not_found"),
    ),

  /** Mark another person's worker account as a favourite (private to the caller). */
  favourite: memberProcedure
    .input(favouriteSchema)
    .mutation(async ({ ctx, input }) =>
      settle(await markFavourite(ctx.db, { employerId: ctx.user.id, workerId: input.workerId, now: ctx.services.now() })),
    ),

  /** Unmark a favourite. */
  unfavourite: authedProcedure
    .input(favouriteSchema)
    .mutation(({ ctx, input }) => unmarkFavourite(ctx.db, { employerId: ctx.user.id, workerId: input.workerId })),

  /** The caller's favourite workers, a page at a time. */
  favourites: authedProcedure
    .input(favouritesListSchema)
    .query(({ ctx, input }) => listFavourites(ctx.db, { employerId: ctx.user.id, page: input.cursor ?? 0 })),

  /** Follow another person's employer account: told of their new jobs at once. */
  follow: memberProcedure
    .input(followSchema)
    .mutation(async ({ ctx, input }) =>
      settle(await follow(ctx.db, { followerId: ctx.user.id, employerId: input.employerId, now: ctx.services.now() })),
    ),

  /** Stop following. */
  unfollow: authedProcedure
    .input(followSchema)
    .mutation(({ ctx, input }) => unfollow(ctx.db, { followerId: ctx.user.id, employerId: input.employerId })),

  /** "New from employers you follow": the newest open jobs of the employers the caller follows. */
  followedJobs: authedProcedure.query(({ ctx }) =>
    followedEmployersJobs(ctx.db, { followerId: ctx.user.id, language: ctx.language, now: ctx.services.now() }),
  ),

  /** The invite dialog: the caller's active jobs and the worker's standing on each. */
  inviteJobs: authedProcedure
    .input(inviteJobsSchema)
    .query(({ ctx, input }) => inviteJobs(ctx.db, { ownerId: ctx.user.id, workerId: input.workerId })),

  /** The owner of an active job invites a named worker; the worker is told. */
  invite: participatingMemberProcedure.input(inviteSchema).mutation(async ({ ctx, input }) =>
    settle(
      await inviteWorker(ctx.db, ctx.services.queue, {
        jobId: input.jobId,
        ownerId: ctx.user.id,
        workerId: input.workerId,
        now: ctx.services.now(),
      }),
    ),
  ),

  /** The invited worker accepts: hired at once, within each day's places. */
  accept: participatingMemberProcedure.input(invitationRefSchema).mutation(async ({ ctx, input }) =>
    settle(
      await acceptInvitation(ctx.db, ctx.services.queue, {
        invitationId: input.invitationId,
        workerId: ctx.user.id,
        now: ctx.services.now(),
      }),
    ),
  ),

  /** The invited worker declines; the owner is told. */
  decline: memberProcedure.input(invitationRefSchema).mutation(async ({ ctx, input }) =>
    settle(
      await declineInvitation(ctx.db, ctx.services.queue, {
        invitationId: input.invitationId,
        workerId: ctx.user.id,
        now: ctx.services.now(),
      }),
    ),
  ),

  /** The job's owner cancels a pending invitation. */
  cancel: memberProcedure
    .input(invitationRefSchema)
    .mutation(async ({ ctx, input }) =>
      settle(await cancelInvitation(ctx.db, { invitationId: input.invitationId, ownerId: ctx.user.id, now: ctx.services.now() })),
    ),

  /** The caller's invitations that can still be answered (My jobs). */
  mine: authedProcedure.query(({ ctx }) => myInvitations(ctx.db, { workerId: ctx.user.id, language: ctx.language })),

  /** The caller's pending invitation to one job (the job page's card), or null. */
  forJob: authedProcedure
    .input(jobRefSchema)
    .query(({ ctx, input }) => invitationForJob(ctx.db, { jobId: input.jobId, workerId: ctx.user.id })),

  /** The owner's view of a job's invitations and hired workers (the applications page). */
  ofJob: authedProcedure
    .input(jobRefSchema)
    .query(async ({ ctx, input }) =>
      found(await jobRehiring(ctx.db, { jobId: input.jobId, ownerId: ctx.user.id }), "job_not_found"),
    ),

  /** A past job of the caller, as "post again" prefills the form, with its hired workers. */
  pastJob: authedProcedure
    .input(pastJobRefSchema)
    .query(async ({ ctx, input }) =>
      found(await pastJobForCopy(ctx.db, { jobId: input.jobId, ownerId: ctx.user.id }), "post_again_not_found"),
    ),

  /** Post a past job again: the new job and the chosen workers' invitations, in one transaction. */
  postAgain: participatingVerifiedProcedure.input(postAgainSchema).mutation(async ({ ctx, input }) => {
    const keyed = keyedRequest(ctx.user.id, "rehiring.postAgain", input);
    const posted = await oncePerKey(ctx.db, keyed, () =>
      postAgain(ctx.db, ctx.services, {
        ownerId: ctx.user.id,
        copiedFromId: input.copiedFromId,
        job: input.job,
        inviteWorkerIds: input.inviteWorkerIds,
        now: ctx.services.now(),
        keyed,
      }),
    );
    return settle(posted);
  }),
});
