import { z } from "zod";

import { ERR } from "./errors.ts";
import { idempotencyKeySchema } from "./idempotency.ts";
import { jobIdSchema, rowIdSchema, userIdSchema } from "./ids.ts";
import { jobCreateSchema } from "./jobs.ts";

/**
 * Rehiring (docs/decisions/036): favourite workers, invitations of a named worker to a job, "post
 * again", and following employers. Every resource one person can pile up has a ceiling here.
 */
export const REHIRING_LIMITS = {
  /** Favourite workers one person keeps. */
  favourites: 500,
  /** Employers one person follows. */
  follows: 500,
  /** Invitations of one job waiting for an answer at a time. */
  pendingInvitationsPerJob: 30,
  /** Workers invited with one "post again" (the copied job's hired workers, at most its places). */
  postAgainInvites: 30,
} as const;

/** Favourite workers per page of the list. */
export const FAVOURITES_PAGE = 20;
/** Active jobs the "Invite to a job" dialog offers, newest first. */
export const INVITE_JOBS_LIST = 20;
/** A worker's pending invitations shown on My jobs, newest first. */
export const MY_INVITATIONS_LIST = 30;
/** Invitations listed on a job's applications page, newest first. */
export const JOB_INVITATIONS_LIST = 50;
/** "New from employers you follow" on the home page: the newest open jobs, at most this many. */
export const FOLLOWED_JOBS_HOME = 4;
/** How old a followed employer's job may be to count as new on the home page. */
export const FOLLOWED_JOBS_MAX_AGE_DAYS = 14;

/** A worker to mark or unmark as favourite. */
export const favouriteSchema = z.object({ workerId: userIdSchema });

/** An employer to follow or unfollow. */
export const followSchema = z.object({ employerId: userIdSchema });

/** One person whose follow and favourite buttons (and followers count) a page shows. */
export const personLinksSchema = z.object({ personId: userIdSchema });

/**
 * A page of the favourites list, by its number: the list is bounded (REHIRING_LIMITS.favourites), so
 * paging by offset stays cheap, and its rows have no uuid to key a cursor on.
 */
export const favouritesListSchema = z.object({
  cursor: z
    .number({ error: ERR.cursorInvalid })
    .int(ERR.cursorInvalid)
    .min(0, ERR.cursorInvalid)
    .max(Math.ceil(REHIRING_LIMITS.favourites / FAVOURITES_PAGE), ERR.cursorInvalid)
    .nullish(),
});

/** The owner invites a worker to one of their active jobs. */
export const inviteSchema = z.object({ jobId: jobIdSchema, workerId: userIdSchema });

/** The active jobs of the caller the invite dialog offers for a worker. */
export const inviteJobsSchema = z.object({ workerId: userIdSchema });

/** One invitation (accept, decline, cancel). */
export const invitationRefSchema = z.object({ invitationId: rowIdSchema });

/** A past job of the caller to post again. */
export const pastJobRefSchema = z.object({ jobId: jobIdSchema });

/**
 * "Post again": the post-job form's values (with the new start date), the past job they came from, and
 * the workers to invite to the new job (its hired workers, checked by default).
 */
export const postAgainSchema = z.object({
  copiedFromId: jobIdSchema,
  job: jobCreateSchema,
  inviteWorkerIds: z
    .array(userIdSchema)
    .max(REHIRING_LIMITS.postAgainInvites, ERR.invitationLimit)
    .transform((ids) => [...new Set(ids)]),
  // Resent with the same key after a lost answer: the first new job answers (docs/decisions/063).
  idempotencyKey: idempotencyKeySchema.optional(),
});
export type PostAgainInput = z.input<typeof postAgainSchema>;
