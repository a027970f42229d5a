import { and, asc, eq } from "drizzle-orm";

import type { Queryable } from "../../db/database.ts";
import { jobApplications, jobs, profiles, ratings } from "../../db/schema/index.ts";

type Counterpart = {
  userId: string;
  fullName: string;
  role: "worker" | "employer";
  rating: number | null;
  comment: string | null;
  ratedAt: Date | null;
  removedAt: Date | null;
};

/**
 * Who the caller can review on a job and whom they already reviewed (the Leave Review and thank-you
 * cards): the owner sees each accepted worker, an accepted worker sees the employer, anyone else no
 * one. People are only reviewable once the job is completed. Null for an unknown job.
 */
export async function reviewTargets(db: Queryable, jobId: string, userId: string) {
  const [job] = await db
    .select({ id: jobs.id, status: jobs.status, employerId: jobs.employerId })
    .from(jobs)
    .where(eq(jobs.id, jobId));
  if (!job) return null;

  const myRating = and(eq(ratings.jobId, job.id), eq(ratings.fromUserId, userId), eq(ratings.toUserId, profiles.id));
  const columns = {
    userId: profiles.id,
    fullName: profiles.fullName,
    rating: ratings.rating,
    comment: ratings.comment,
    ratedAt: ratings.createdAt,
    removedAt: ratings.removedAt,
  };
  let people: Counterpart[];
  if (job.employerId === userId) {
    const rows = await db
      .select(columns)
      .from(jobApplications)
      .innerJoin(profiles, eq(profiles.id, jobApplications.workerId))
      .leftJoin(ratings, myRating)
      .where(and(eq(jobApplications.jobId, job.id), eq(jobApplications.status, "accepted")))
      .orderBy(asc(profiles.fullName), asc(profiles.id));
    people = rows.map((row) => ({ ...row, role: "worker" }));
  } else {
    const rows = await db
      .select(columns)
      .from(jobApplications)
      .innerJoin(profiles, eq(profiles.id, job.employerId))
      .leftJoin(ratings, myRating)
      .where(
        and(eq(jobApplications.jobId, job.id), eq(jobApplications.workerId, userId), eq(jobApplications.status, "accepted")),
      );
    people = rows.map((row) => ({ ...row, role: "employer" }));
  }

  const canReview = job.status === "completed";
  return {
    jobId: job.id,
    jobStatus: job.status,
    canReview,
    toReview: canReview
      ? people.filter((p) => p.rating === null).map(({ userId: id, fullName, role }) => ({ userId: id, fullName, role }))
      : [],
    // A review an operator removed is shown no more, and stays given: one review per person and job.
    reviewed: people.flatMap(({ rating, comment, ratedAt, removedAt, ...person }) =>
      rating !== null && ratedAt !== null && removedAt === null ? [{ ...person, rating, comment, ratedAt }] : [],
    ),
  };
}
