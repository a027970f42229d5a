import { and, eq, exists, or } from "drizzle-orm";

import type { Database, Queryable } from "../../db/database.ts";
import { jobApplications, jobs, ratings } from "../../db/schema/index.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import type { BackgroundQueue } from "../background-jobs.ts";
import { rememberAnswer, type KeyedRequest } from "../idempotency/once-per-key.ts";
import { reviewReceived } from "../notifications/events.ts";
import { refusal } from "../refusal.ts";

export type SubmitRatingParams = {
  jobId: string;
  fromUserId: string;
  toUserId: string;
  rating: number;
  comment: string | null;
  /** The submission's idempotency key: its answer is written with the review (docs/decisions/063). */
  keyed?: KeyedRequest | null;
};

/** An accepted application of `workerId` to the job of the surrounding query. */
function acceptedOnJob(db: Queryable, workerId: string) {
  return db
    .select({ id: jobApplications.id })
    .from(jobApplications)
    .where(
      and(eq(jobApplications.jobId, jobs.id), eq(jobApplications.workerId, workerId), eq(jobApplications.status, "accepted")),
    );
}

/**
 * Rates a participant of a completed job: the owner rates one of its accepted workers, or an accepted
 * worker rates the owner; once per (job, from, to). Anyone else finds nothing to rate. Both
 * conditions are final states (a completed job and an accepted application never change again), so the
 * check needs no lock; the unique index decides between racing duplicates.
 */
export async function submitRating(db: Database, queue: BackgroundQueue, params: SubmitRatingParams) {
  const { jobId, fromUserId, toUserId } = params;
  if (fromUserId === toUserId) return refusal("rating_self");
  const [job] = await db
    .select({ status: jobs.status })
    .from(jobs)
    .where(
      and(
        eq(jobs.id, jobId),
        or(
          and(eq(jobs.employerId, fromUserId), exists(acceptedOnJob(db, toUserId))),
          and(eq(jobs.employerId, toUserId), exists(acceptedOnJob(db, fromUserId))),
        ),
      ),
    );
  if (!job) return refusal("not_found");
  if (job.status !== "completed") return refusal("job_not_completed");
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(ratings)
        .values({ jobId, fromUserId, toUserId, rating: params.rating, comment: params.comment })
        .returning({
          id: ratings.id,
          jobId: ratings.jobId,
          toUserId: ratings.toUserId,
          rating: ratings.rating,
          comment: ratings.comment,
          createdAt: ratings.createdAt,
        });
      if (!row) throw new Error("rating insert returned nothing");
      await reviewReceived(tx, queue, { jobId, fromUserId, toUserId, rating: row.rating });
      await rememberAnswer(tx, params.keyed ?? null, row);
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error, "ratings_job_from_to_uq")) return refusal("already_rated");
    throw error;
  }
}
