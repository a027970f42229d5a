import { and, eq, sql } from "drizzle-orm";
import type { Queryable } from "../../db/database.ts";
import { jobApplications, jobs } from "../../db/schema/index.ts";
import { LIMITS } from "../../domain/limits.ts";
import type { PageCursor } from "../../domain/page-cursor.ts";
import type { ApplicationStatus } from "../../domain/statuses.ts";
import type { UserType } from "../../domain/user-types.ts";
import { afterCursor, cursorTimestamp, newestFirst, splitPage } from "../search/keyset.ts";

const cardColumns = {
  id: jobs.id,
  title: jobs.title,
  description: jobs.description,
  status: jobs.status,
  category: jobs.category,
  location: jobs.location,
  startDate: jobs.startDate,
  durationDays: jobs.durationDays,
  hourlyRate: jobs.hourlyRate,
  currency: jobs.currency,
  maxWorkers: jobs.maxWorkers,
  skills: jobs.skills,
};

/** An employer's posted jobs, newest first (jobs_employer_created_idx). */
function postedJobs(db: Queryable, employerId: string, cursor: PageCursor | null | undefined, limit: number) {
  return db
    .select({
      ...cardColumns,
      applicationStatus: sql<ApplicationStatus | null>`null`,
      cursorAt: cursorTimestamp(jobs.createdAt),
      cursorId: jobs.id,
    })
    .from(jobs)
    .where(and(eq(jobs.employerId, employerId), cursor ? afterCursor(jobs.createdAt, jobs.id, cursor) : undefined))
    .orderBy(...newestFirst(jobs.createdAt, jobs.id))
    .limit(limit);
}

/** The jobs a worker applied to, with the application's status, latest application first. */
function appliedJobs(db: Queryable, workerId: string, cursor: PageCursor | null | undefined, limit: number) {
  return db
    .select({
      ...cardColumns,
      applicationStatus: sql<ApplicationStatus | null>`${jobApplications.status}`,
      cursorAt: cursorTimestamp(jobApplications.createdAt),
      cursorId: jobApplications.id,
    })
    .from(jobApplications)
    .innerJoin(jobs, eq(jobs.id, jobApplications.jobId))
    .where(
      and(
        eq(jobApplications.workerId, workerId),
        cursor ? afterCursor(jobApplications.createdAt, jobApplications.id, cursor) : undefined,
      ),
    )
    .orderBy(...newestFirst(jobApplications.createdAt, jobApplications.id))
    .limit(limit);
}

/** /my-jobs: employers see the jobs they posted, workers the jobs they applied to; one page at a time. */
export async function myJobs(
  db: Queryable,
  person: { id: string; userType: UserType },
  cursor: PageCursor | null | undefined,
  pageSize: number = LIMITS.pageSize,
) {
  const fetched =
    person.userType === "employer"
      ? await postedJobs(db, person.id, cursor, pageSize + 1)
      : await appliedJobs(db, person.id, cursor, pageSize + 1);
  const { rows, nextCursor } = splitPage(fetched, pageSize);
  return { role: person.userType, items: rows, nextCursor };
}
export type MyJobsPage = Awaited<ReturnType<typeof myJobs>>;
export type MyJobItem = MyJobsPage["items"][number];
