import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Queryable } from "../../db/database.ts";
import { jobApplications, jobs, profiles, ratings } from "../../db/schema/index.ts";
import { ERR } from "../../domain/errors.ts";
import { fail } from "../trpc/init.ts";

/** The most applications the management page lists (pending first, then newest). */
export const APPLICATIONS_LIMIT = 200;

/**
 * The owner's view of a job's applications: each with the worker's public details and rating (average
 * and count aggregated in the same query), plus the job's capacity. Anyone but the owner, and an
 * unknown job, get SPEC.md's Access Denied.
 */
export async function listJobApplications(db: Queryable, jobId: string, ownerId: string) {
  const [job] = await db
    .select({
      id: jobs.id,
      title: jobs.title,
      status: jobs.status,
      maxWorkers: jobs.maxWorkers,
      acceptedCount: jobs.acceptedCount,
    })
    .from(jobs)
    .where(and(eq(jobs.id, jobId), eq(jobs.employerId, ownerId)));
  if (!job) throw fail("FORBIDDEN", ERR.applicationsAccessDenied);

  const workerRating = db
    .select({
      average: sql<number | null>`avg(${ratings.rating})::float8`.as("average"),
      count: sql<number>`count(*)::int`.as("count"),
    })
    .from(ratings)
    .where(eq(ratings.toUserId, jobApplications.workerId))
    .as("worker_rating");

  const rows = await db
    .select({
      id: jobApplications.id,
      status: jobApplications.status,
      message: jobApplications.message,
      createdAt: jobApplications.createdAt,
      workerId: profiles.id,
      fullName: profiles.fullName,
      bio: profiles.bio,
      location: profiles.location,
      ratingAverage: workerRating.average,
      ratingCount: workerRating.count,
    })
    .from(jobApplications)
    .innerJoin(profiles, eq(profiles.id, jobApplications.workerId))
    .leftJoinLateral(workerRating, sql`true`)
    .where(eq(jobApplications.jobId, job.id))
    .orderBy(asc(sql`${jobApplications.status} <> 'pending'`), desc(jobApplications.createdAt), desc(jobApplications.id))
    .limit(APPLICATIONS_LIMIT);

  return {
    job,
    applications: rows.map(({ workerId, fullName, bio, location, ratingAverage, ratingCount, ...application }) => ({
      ...application,
      worker: { id: workerId, fullName, bio, location, ratingAverage, ratingCount: ratingCount ?? 0 },
    })),
  };
}
