import { and, eq, sql } from "drizzle-orm";

import type { Queryable } from "../../db/database.ts";
import { jobApplications, jobs } from "../../db/schema/index.ts";
import type { LanguageCode } from "../../domain/languages.ts";
import { LIMITS } from "../../domain/limits.ts";
import type { PageCursor } from "../../domain/page-cursor.ts";
import type { ApplicationStatus } from "../../domain/statuses.ts";
import type { UserType } from "../../domain/user-types.ts";
import { afterCursor, cursorTimestamp, newestFirst, takeNewestPage } from "../pagination/keyset.ts";
import { cityNameOf } from "../places/city-name.ts";
import { jobCardFields } from "./job-projection.ts";

// /my-jobs cards also show the description, clamped to two lines.
const cardColumns = (language: LanguageCode) => ({
  ...jobCardFields,
  cityName: cityNameOf(jobs.cityId, language),
  description: jobs.description,
});

/** An employer's posted jobs, newest first (jobs_employer_created_idx). */
function postedJobs(
  db: Queryable,
  employerId: string,
  cursor: PageCursor | null | undefined,
  limit: number,
  language: LanguageCode,
) {
  return db
    .select({
      ...cardColumns(language),
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
function appliedJobs(
  db: Queryable,
  workerId: string,
  cursor: PageCursor | null | undefined,
  limit: number,
  language: LanguageCode,
) {
  return db
    .select({
      ...cardColumns(language),
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
  language: LanguageCode,
  pageSize: number = LIMITS.pageSize,
) {
  const fetched =
    person.userType === "employer"
      ? await postedJobs(db, person.id, cursor, pageSize + 1, language)
      : await appliedJobs(db, person.id, cursor, pageSize + 1, language);
  const { items, nextCursor } = takeNewestPage(fetched, pageSize);
  return { role: person.userType, items, nextCursor };
}
export type MyJobsPage = Awaited<ReturnType<typeof myJobs>>;
export type MyJobItem = MyJobsPage["items"][number];
