import { desc, eq, inArray, Placeholder, sql, type SQL } from "drizzle-orm";

import type { Queryable } from "../../../db/database.ts";
import { jobs, profiles } from "../../../db/schema/index.ts";
import type { LanguageCode } from "../../../domain/languages.ts";
import { afterCursor, cursorTimestamp, newestFirst } from "../../pagination/keyset.ts";
import { cityNameOf } from "../../places/city-name.ts";
import { ratingField, ratingOf } from "../../ratings/rating-summary.ts";
import { jobCardFields, jobCardFieldsOf } from "../job-projection.ts";
import type { Bound, BoundCursor, BoundPoint, BoundPriceEdges, SearchFilters, SearchText } from "./bound.ts";
import { listed, notEnded, openJobConditions } from "./conditions.ts";
import { countQuery, JOB_COUNT_CAP } from "./count-queries.ts";
import { distanceKm } from "./near.ts";
import { textMatch } from "./text-match.ts";

/**
 * A search text ranks the newest this-many of its matches, as many as the count label counts and one
 * more, by which the same rows count themselves ("1,000+", docs/decisions/041).
 */
const RANKED_MATCHES = JOB_COUNT_CAP + 1;

/** What every page builder takes: where distances are measured from, the reader's language, the page's size. */
type PageBase = { origin: BoundPoint | null; language: Bound<LanguageCode>; pageSize: number };

/** A page chosen by filters: the filters, the price range's edges and the cursor to continue after. */
type FilteredPage = PageBase & { filters: SearchFilters; priceEdges: BoundPriceEdges | null; cursor: BoundCursor | null };

/** The columns a page's rows carry beside the card: the cursor's key, the rank, the distance. */
type PageColumns = { cursorAt: SQL.Aliased<string>; rank: SQL.Aliased<number>; distanceKm: SQL.Aliased<number | null> };

function pageColumns(relevance: SQL<number>, origin: BoundPoint | null): PageColumns {
  return {
    cursorAt: cursorTimestamp(jobs.createdAt).as("cursor_at"),
    rank: relevance.as("rank"),
    distanceKm: (origin ? distanceKm(origin) : sql<number | null>`null::float8`).as("distance_km"),
  };
}

/**
 * A newest-first page of open jobs matching the filters (the home list with or without filters).
 * `counted` adds the capped count of the matches, computed once in the same statement.
 */
export function newestPageQuery(db: Queryable, options: FilteredPage & { counted: boolean }) {
  const { filters, priceEdges, cursor, origin, pageSize, counted } = options;
  const matches = counted
    ? sql<number | null>`(${countQuery(db, { filters, origin, priceEdges })})`
    : sql<number | null>`null::int`;
  const where = openJobConditions({ filters, text: null, origin, priceEdges });
  return withCards(db, listPage(db, { where, cursor, origin, pageSize, matches }), options.language);
}

/**
 * A page of jobs by their ids (bound as one array, or given), newest first, each still listed: they
 * matched the filters a moment ago (newestMatchesQuery). `cursor`, when given, is checked again.
 */
export function pageByIdsQuery(
  db: Queryable,
  {
    ids,
    cursor = null,
    origin,
    language,
    pageSize,
  }: PageBase & { ids: Placeholder | readonly string[]; cursor?: BoundCursor | null },
) {
  const byId = ids instanceof Placeholder ? sql`${jobs.id} = any(${ids}::uuid[])` : inArray(jobs.id, [...ids]);
  const where = sql`${listed} and ${notEnded} and ${byId}`;
  return withCards(db, listPage(db, { where, cursor, origin, pageSize, matches: sql<number | null>`null::int` }), language);
}

/**
 * The inner query that picks a newest-first page alone, ordered like jobs_open_created_idx (NULLS LAST
 * included) so the index can serve it; only its rows then get the cards (withCards).
 */
function listPage(
  db: Queryable,
  {
    where,
    cursor,
    origin,
    pageSize,
    matches,
  }: { where: SQL; cursor: BoundCursor | null; origin: BoundPoint | null; pageSize: number; matches: SQL<number | null> },
) {
  return (
    db
      .select({ ...jobCardFields, ...pageColumns(sql<number>`0::float8`, origin), matches: matches.as("matches") })
      .from(jobs)
      .where(cursor ? sql`${where} and ${afterCursor(jobs.createdAt, jobs.id, cursor)}` : where)
      .orderBy(...newestFirst(jobs.createdAt, jobs.id))
      // One more than a page tells whether another page exists.
      .limit(pageSize + 1)
      .as("page")
  );
}

/**
 * The page of a search text, best match first (ties newest first): its newest RANKED_MATCHES matches
 * ranked, the best pageSize + 1 after the cursor's (rank, at, id) with their cards. The matches carry
 * only what ranks and places them, and the cards are read by id for the page's rows alone; the ranked
 * matches count themselves, so a first page needs no second walk to count (docs/decisions/041).
 */
export function rankedPageQuery(db: Queryable, options: FilteredPage & { text: SearchText }) {
  const { filters, text, priceEdges, cursor, origin, pageSize } = options;
  const relevance = textMatch(text).relevance;
  const columns = pageColumns(relevance, origin);
  const matches = db
    .select({
      id: jobs.id,
      employerId: jobs.employerId,
      createdAt: jobs.createdAt,
      searchDoc: jobs.searchDoc,
      latitude: jobs.latitude,
      longitude: jobs.longitude,
    })
    .from(jobs)
    .where(openJobConditions({ filters, text, origin, priceEdges }))
    .orderBy(...newestFirst(jobs.createdAt, jobs.id))
    .limit(RANKED_MATCHES)
    // Under the table's own name, so that the relevance and the distance read these rows.
    .as("jobs");
  const after = cursor
    ? sql`(${relevance}, ${jobs.createdAt}, ${jobs.id}) < (${cursor.rank ?? Number.MAX_VALUE}::float8, ${cursor.at}::timestamptz, ${cursor.id}::uuid)`
    : undefined;
  const best = db
    .select({ id: jobs.id, ...columns, matches: sql<number>`(count(*) over ())::int`.as("matches") })
    .from(matches)
    .where(after)
    .orderBy(sql`rank desc`, ...newestFirst(jobs.createdAt, jobs.id))
    .limit(pageSize + 1)
    .as("best");
  const page = db
    .select({ ...jobCardFields, cursorAt: best.cursorAt, rank: best.rank, distanceKm: best.distanceKm, matches: best.matches })
    .from(best)
    .innerJoin(jobs, eq(jobs.id, best.id))
    .as("page");
  return withCards(db, page, options.language);
}

type Page = ReturnType<typeof listPage>;

/**
 * The page's rows with each employer's display name and rating: only the page's rows get the profile
 * join and the kept rating.
 */
function withCards(db: Queryable, page: Page, language: Bound<LanguageCode>) {
  const rating = ratingOf(db, page.employerId, "employer_rating");
  return db
    .select({
      ...jobCardFieldsOf(page),
      cityName: cityNameOf(page.cityId, sql`${language}`),
      distanceKm: page.distanceKm,
      cursorAt: page.cursorAt,
      cursorId: page.id,
      rank: page.rank,
      matches: page.matches,
      employerFullName: profiles.fullName,
      employerCompanyName: profiles.companyName,
      employerRating: ratingField(rating),
    })
    .from(page)
    .innerJoin(profiles, eq(profiles.id, page.employerId))
    .leftJoinLateral(rating, sql`true`)
    .orderBy(desc(page.rank), desc(page.createdAt), desc(page.id));
}

export type PageRow = Awaited<ReturnType<typeof withCards>>[number];
