import { desc, eq, sql } from "drizzle-orm";

import type { Queryable } from "../../db/database.ts";
import { jobs, profiles } from "../../db/schema/index.ts";
import type { JobFilters } from "../../domain/job-filters.ts";
import { LIMITS } from "../../domain/limits.ts";
import type { PageCursor } from "../../domain/page-cursor.ts";
import { afterCursor, cursorTimestamp, newestFirst, takeNewestPage } from "../pagination/keyset.ts";
import { ratingField, ratingOf } from "../ratings/rating-summary.ts";
import { jobCardFields, jobCardFieldsOf } from "./job-projection.ts";
import { openJobConditions } from "./open-job-conditions.ts";

export type JobSearch = JobFilters & { cursor?: PageCursor | null };

/**
 * One page of open jobs, newest first, with each employer's display name and rating. The inner query
 * picks the page alone (ordered like jobs_open_created_idx, NULLS LAST included, so the index can
 * serve it), and only those rows get the profile join and the rating aggregate.
 */
export function searchJobsQuery(db: Queryable, search: JobSearch, pageSize: number = LIMITS.pageSize) {
  const where = openJobConditions(search);
  const page = db
    .select({ ...jobCardFields, cursorAt: cursorTimestamp(jobs.createdAt).as("cursor_at") })
    .from(jobs)
    .where(search.cursor ? sql`${where} and ${afterCursor(jobs.createdAt, jobs.id, search.cursor)}` : where)
    .orderBy(...newestFirst(jobs.createdAt, jobs.id))
    // One more than a page tells whether another page exists.
    .limit(pageSize + 1)
    .as("page");
  const rating = ratingOf(db, page.employerId, "employer_rating");
  return db
    .select({
      ...jobCardFieldsOf(page),
      cursorAt: page.cursorAt,
      cursorId: page.id,
      employerFullName: profiles.fullName,
      employerCompanyName: profiles.companyName,
      employerRating: ratingField(rating),
    })
    .from(page)
    .innerJoin(profiles, eq(profiles.id, page.employerId))
    .leftJoinLateral(rating, sql`true`)
    .orderBy(desc(page.createdAt), desc(page.id));
}

/** How many open jobs match the filters, for the count label. */
export function countJobsQuery(db: Queryable, filters: JobFilters) {
  return db
    .select({ total: sql<number>`count(*)::int` })
    .from(jobs)
    .where(openJobConditions(filters));
}

/**
 * The home list and search over all open jobs. The total is counted on the first page only: later
 * pages keep the label they started with and skip the extra scan.
 */
export async function searchJobs(db: Queryable, search: JobSearch, pageSize: number = LIMITS.pageSize) {
  const [rows, counted] = await Promise.all([
    searchJobsQuery(db, search, pageSize),
    search.cursor ? Promise.resolve(null) : countJobsQuery(db, search),
  ]);
  const { items, nextCursor } = takeNewestPage(rows, pageSize);
  return { items, nextCursor, total: counted ? (counted[0]?.total ?? 0) : null };
}

export type JobSearchPage = Awaited<ReturnType<typeof searchJobs>>;
export type JobSearchItem = JobSearchPage["items"][number];
