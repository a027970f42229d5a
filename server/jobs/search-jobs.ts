import { desc, eq, sql } from "drizzle-orm";

import type { Queryable } from "../../db/database.ts";
import { jobs, profiles } from "../../db/schema/index.ts";
import type { JobFilters } from "../../domain/job-filters.ts";
import type { LanguageCode } from "../../domain/languages.ts";
import { LIMITS } from "../../domain/limits.ts";
import type { PageCursor } from "../../domain/page-cursor.ts";
import { afterCursor, cursorTimestamp, newestFirst, takePage } from "../pagination/keyset.ts";
import { cityNameOf } from "../places/city-name.ts";
import { ratingField, ratingOf } from "../ratings/rating-summary.ts";
import { refusal } from "../refusal.ts";
import { jobCardFields, jobCardFieldsOf } from "./job-projection.ts";
import { distanceKm, resolveOrigin, type Origin } from "./near.ts";
import { openJobConditions } from "./open-job-conditions.ts";
import { hasExactMatch, textMatch } from "./text-match.ts";

export type JobSearch = JobFilters & { cursor?: PageCursor | null };

/**
 * One page of open jobs with each employer's display name and rating: with a search text, best match
 * first (ties newest first), else newest first. The inner query picks the page alone (the plain list
 * ordered like jobs_open_created_idx, NULLS LAST included, so the index can serve it), and only those
 * rows get the profile join and the rating aggregate. Ranked pages continue after the cursor's
 * (rank, at, id), so paging stays exact under ranking.
 */
export function searchJobsQuery(
  db: Queryable,
  search: JobSearch,
  origin: Origin | null,
  language: LanguageCode,
  fuzzy = false,
  pageSize: number = LIMITS.pageSize,
) {
  const where = openJobConditions(search, origin, fuzzy);
  const q = search.q?.trim();
  const relevance = q ? textMatch(q, fuzzy).relevance : sql<number>`0::float8`;
  const cursor = search.cursor;
  const after = !cursor
    ? undefined
    : q
      ? sql`(${relevance}, ${jobs.createdAt}, ${jobs.id}) < (${cursor.rank ?? Number.MAX_VALUE}::float8, ${cursor.at}::timestamptz, ${cursor.id}::uuid)`
      : afterCursor(jobs.createdAt, jobs.id, cursor);
  const page = db
    .select({
      ...jobCardFields,
      cursorAt: cursorTimestamp(jobs.createdAt).as("cursor_at"),
      rank: relevance.as("rank"),
      distanceKm: (origin ? distanceKm(origin) : sql<number | null>`null::float8`).as("distance_km"),
    })
    .from(jobs)
    .where(after ? sql`${where} and ${after}` : where)
    .orderBy(...(q ? [sql`rank desc`] : []), ...newestFirst(jobs.createdAt, jobs.id))
    // One more than a page tells whether another page exists.
    .limit(pageSize + 1)
    .as("page");
  const rating = ratingOf(db, page.employerId, "employer_rating");
  return db
    .select({
      ...jobCardFieldsOf(page),
      cityName: cityNameOf(page.cityId, language),
      distanceKm: page.distanceKm,
      cursorAt: page.cursorAt,
      cursorId: page.id,
      rank: page.rank,
      employerFullName: profiles.fullName,
      employerCompanyName: profiles.companyName,
      employerRating: ratingField(rating),
    })
    .from(page)
    .innerJoin(profiles, eq(profiles.id, page.employerId))
    .leftJoinLateral(rating, sql`true`)
    .orderBy(desc(page.rank), desc(page.createdAt), desc(page.id));
}

/** How many open jobs match the filters, for the count label. */
export function countJobsQuery(db: Queryable, filters: JobFilters, origin: Origin | null, fuzzy = false) {
  return db
    .select({ total: sql<number>`count(*)::int` })
    .from(jobs)
    .where(openJobConditions(filters, origin, fuzzy));
}

/**
 * The home list and search over all open jobs. The total is counted on the first page only: later
 * pages keep the label they started with and skip the extra scan. A point chosen adds each job's
 * distance from it; a city the gazetteer does not hold is refused.
 */
export async function searchJobs(db: Queryable, search: JobSearch, language: LanguageCode, pageSize: number = LIMITS.pageSize) {
  const origin = await resolveOrigin(db, search);
  if (origin === "unknown") return refusal("city_unknown");
  const q = search.q?.trim();
  // Whether typos are forgiven is decided on the first page and kept by the cursor, so pages agree.
  const fuzzy = !q ? false : search.cursor ? (search.cursor.fuzzy ?? false) : !(await hasExactMatch(db, q));
  const [rows, counted] = await Promise.all([
    searchJobsQuery(db, search, origin, language, fuzzy, pageSize),
    search.cursor ? Promise.resolve(null) : countJobsQuery(db, search, origin, fuzzy),
  ]);
  const ranked = Boolean(q);
  const { items, nextCursor } = takePage(rows, pageSize, (row): PageCursor => ({
    at: row.cursorAt,
    id: row.cursorId,
    ...(ranked ? { rank: row.rank, ...(fuzzy ? { fuzzy } : {}) } : {}),
  }));
  return {
    items: items.map(({ cursorAt: _at, cursorId: _id, rank: _rank, ...item }) => item),
    nextCursor,
    total: counted ? (counted[0]?.total ?? 0) : null,
  };
}

export type JobSearchPage = Exclude<Awaited<ReturnType<typeof searchJobs>>, { ok: false }>;
export type JobSearchItem = JobSearchPage["items"][number];
