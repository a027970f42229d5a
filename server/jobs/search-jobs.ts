import { desc, eq, inArray, is, SQL, sql } from "drizzle-orm";

import type { Queryable } from "../../db/database.ts";
import { oncePerDatabase } from "../../db/once-per-database.ts";
import { plannedEachCall } from "../../db/planned-each-call.ts";
import { preparedDecodingOnce } from "../../db/row-decoders.ts";
import { jobs, profiles } from "../../db/schema/index.ts";
import { sharedReads } from "../../db/shared-reads.ts";
import { filterPoint, type JobFilters } from "../../domain/job-filters.ts";
import type { LanguageCode } from "../../domain/languages.ts";
import { LIMITS } from "../../domain/limits.ts";
import type { PageCursor } from "../../domain/page-cursor.ts";
import { afterCursor, cursorTimestamp, newestFirst, takePage } from "../pagination/keyset.ts";
import { cityNameOf } from "../places/city-name.ts";
import { ratingField, ratingOf } from "../ratings/rating-summary.ts";
import { refusal } from "../refusal.ts";
import { jobCardFields, jobCardFieldsOf } from "./job-projection.ts";
import { distanceKm, resolveOrigin, type Origin } from "./near.ts";
import { listed, notEnded, openJobConditions, priceEdgesOf, type PriceEdges } from "./open-job-conditions.ts";
import { shapeOfSearch, statementOfShape } from "./search-shapes.ts";
import { correctedText } from "./spelling.ts";
import { searchTextOf, textMatch } from "./text-match.ts";

export type JobSearch = JobFilters & { cursor?: PageCursor | null };

/**
 * The count label counts exactly up to this many jobs; above it the list says "1,000+". Nobody reads
 * further than that, and counting 85,000 matches cost more than the page itself (docs/decisions/025).
 */
export const JOB_COUNT_CAP = 1000;

/**
 * A search text ranks the newest this-many of its matches, as many as the count label counts and one
 * more, by which the same rows count themselves ("1,000+"): for a common word, ranking all its matches
 * (20,000 of 100,000 jobs) took 8 times as long as ranking the newest thousand (docs/decisions/041).
 * Jobs last a few days; the newest are the ones a worker can take.
 */
const RANKED_MATCHES = JOB_COUNT_CAP + 1;

/**
 * What the statements of a search may know beforehand: a price range's edges (priceEdgesOf), and the
 * ids of the page when newestMatchesQuery found them, so the page is read by id (a placeholder for
 * them in a prepared statement). `counted`: the rows of a first page carry the count of the matches
 * (countJobsQuery, computed once in the same statement), so the count costs no statement of its own.
 */
export type PageHelp = { priceEdges?: PriceEdges | null; ids?: readonly string[] | SQL | null; counted?: boolean };

/**
 * One page of open jobs with each employer's display name and rating: with a search text, best match
 * first (ties newest first, rankedPage), else newest first. The inner query picks the page alone (the
 * plain list ordered like jobs_open_created_idx, NULLS LAST included, so the index can serve it), and
 * only those rows get the profile join and the kept rating. Ranked pages continue after the cursor's
 * (rank, at, id), so paging stays exact under ranking. Given `ids`, the page is those jobs, read by
 * primary key.
 */
export function searchJobsQuery(
  db: Queryable,
  search: JobSearch,
  origin: Origin | null,
  language: LanguageCode | SQL,
  corrected: string | null = null,
  pageSize: number = LIMITS.pageSize,
  { priceEdges = null, ids = null, counted = false }: PageHelp = {},
) {
  // A page found by id was matched against the filters a moment ago: it only has to be still listed.
  const where = ids
    ? sql`${listed} and ${notEnded} and ${is(ids, SQL) ? sql`${jobs.id} = any(${ids}::uuid[])` : inArray(jobs.id, [...ids])}`
    : openJobConditions(search, origin, corrected, priceEdges);
  const text = searchTextOf(search.q, corrected);
  const relevance = text ? textMatch(text).relevance : sql<number>`0::float8`;
  const cursor = search.cursor;
  const after = !cursor
    ? undefined
    : text
      ? sql`(${relevance}, ${jobs.createdAt}, ${jobs.id}) < (${cursor.rank ?? Number.MAX_VALUE}::float8, ${cursor.at}::timestamptz, ${cursor.id}::uuid)`
      : afterCursor(jobs.createdAt, jobs.id, cursor);
  const pageColumns = {
    cursorAt: cursorTimestamp(jobs.createdAt).as("cursor_at"),
    rank: relevance.as("rank"),
    distanceKm: (origin ? distanceKm(origin) : sql<number | null>`null::float8`).as("distance_km"),
  };
  const page = text && !ids ? rankedPage(db, where, pageColumns, after, pageSize) : listPage();
  const rating = ratingOf(db, page.employerId, "employer_rating");
  return db
    .select({
      ...jobCardFieldsOf(page),
      cityName: cityNameOf(page.cityId, language),
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

  function listPage() {
    return (
      db
        .select({
          ...jobCardFields,
          ...pageColumns,
          matches: (counted
            ? sql<number>`(${countJobsQuery(db, search, origin, corrected, priceEdges)})`
            : sql<number | null>`null::int`
          ).as("matches"),
        })
        .from(jobs)
        .where(after ? sql`${where} and ${after}` : where)
        .orderBy(...(text ? [sql`rank desc`] : []), ...newestFirst(jobs.createdAt, jobs.id))
        // One more than a page tells whether another page exists.
        .limit(pageSize + 1)
        .as("page")
    );
  }
}

/**
 * The page of a search text: its newest RANKED_MATCHES matches ranked, the best pageSize + 1 (after the
 * cursor) with their cards. Ranking every match of a common word was most of a search. The matches are
 * read under the table's own name, so that the relevance and the point (`columns`) read them, and carry
 * only what ranks and places them: the thousand are sorted without their text, and the cards are read
 * by id for the page's rows alone (a rare word's 1,000 matches at a million jobs: 5.7 ms of SQL carried
 * whole, 4.4 ms so). The ranked matches count themselves, so a first page needs no second walk to count.
 */
function rankedPage(
  db: Queryable,
  where: SQL,
  columns: { cursorAt: SQL.Aliased<string>; rank: SQL.Aliased<number>; distanceKm: SQL.Aliased<number | null> },
  after: SQL | undefined,
  pageSize: number,
) {
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
    .where(where)
    .orderBy(...newestFirst(jobs.createdAt, jobs.id))
    .limit(RANKED_MATCHES)
    .as("jobs");
  const best = db
    .select({ id: jobs.id, ...columns, matches: sql<number>`(count(*) over ())::int`.as("matches") })
    .from(matches)
    .where(after)
    .orderBy(sql`rank desc`, ...newestFirst(jobs.createdAt, jobs.id))
    .limit(pageSize + 1)
    .as("best");
  return db
    .select({ ...jobCardFields, cursorAt: best.cursorAt, rank: best.rank, distanceKm: best.distanceKm, matches: best.matches })
    .from(best)
    .innerJoin(jobs, eq(jobs.id, best.id))
    .as("page");
}

/**
 * The open jobs matching the filters (and after `after`), at most JOB_COUNT_CAP + 1 of them, in no
 * particular order: the planner reads them the cheapest way, and stops one row after the cap. A price
 * range alone is read one job currency after another (UNION ALL, each a range of jobs_open_price_idx):
 * one scan of the index in currency order with the ranges as a filter would read every job of the
 * currencies before the first match. With other filters the ranges stay one condition, so that the
 * planner may start from another filter's index.
 */
function someMatches(
  db: Queryable,
  filters: JobFilters,
  origin: Origin | null,
  corrected: string | null,
  priceEdges: PriceEdges | null,
  after: PageCursor | null = null,
): SQL {
  const matching = (edges: PriceEdges | null) => {
    const where = openJobConditions(filters, origin, corrected, edges);
    return db
      .select({ id: jobs.id, createdAt: jobs.createdAt })
      .from(jobs)
      .where(after ? sql`${where} and ${afterCursor(jobs.createdAt, jobs.id, after)}` : where);
  };
  const limit = JOB_COUNT_CAP + 1;
  const priceAlone = !searchTextOf(filters.q) && !hasFilters({ ...filters, price: undefined });
  return priceEdges && priceEdges.length > 1 && priceAlone
    ? sql`(${sql.join(
        priceEdges.map((edge) => sql`(${matching([edge])})`),
        sql` union all `,
      )} limit ${limit}) as matches`
    : sql`(${matching(priceEdges).limit(limit)}) as matches`;
}

/**
 * How many open jobs match the filters, for the count label: at most JOB_COUNT_CAP + 1, so the count
 * stops after reading one row more than it can show (an answer above the cap means "more than the cap").
 */
export function countJobsQuery(
  db: Queryable,
  filters: JobFilters,
  origin: Origin | null,
  corrected: string | null = null,
  priceEdges: PriceEdges | null = null,
) {
  return db.select({ total: sql<number>`count(*)::int` }).from(someMatches(db, filters, origin, corrected, priceEdges));
}

/**
 * The count of a newest-first list with filters, and, when no more than JOB_COUNT_CAP jobs match (after
 * the cursor, if any), the ids of its next page and one more, newest first: the page is then read by id
 * instead of walking the newest jobs until enough pass the filters. The planner's guess of how many
 * pass is a product of each filter's share; filters that go together (a category paid in one currency)
 * or exclude each other make it guess wrong, and a walk that expected to stop after a few hundred jobs
 * reads every open job to find none. Counting up to the cap reads the matches by their filters' indexes.
 */
export function newestMatchesQuery(
  db: Queryable,
  search: JobSearch,
  origin: Origin | null,
  priceEdges: PriceEdges | null = null,
  pageSize: number = LIMITS.pageSize,
) {
  const matches = someMatches(db, search, origin, null, priceEdges, search.cursor ?? null);
  return db
    .select({
      total: sql<number>`count(*)::int`,
      newest: sql<string[] | null>`case when count(*) <= ${sql.raw(String(JOB_COUNT_CAP))}
        then coalesce((array_agg(id::text order by created_at desc, id desc))[1:${sql.raw(String(pageSize + 1))}], '{}') end`,
    })
    .from(matches);
}

/**
 * The home list and search over all open jobs. The total is counted on the first page only, and only
 * up to JOB_COUNT_CAP: later pages keep the label they started with and skip the extra scan. A point
 * chosen adds each job's distance from it; a city the gazetteer does not hold is refused. The point
 * and a price range's edges are read first, side by side. A text that finds nothing as written is read
 * corrected (readText). A newest-first list with filters is counted first, and when few jobs match,
 * its pages are read by id (newestMatchesQuery; the cursor remembers it as `few`).
 */
export async function searchJobs(db: Queryable, search: JobSearch, language: LanguageCode, pageSize: number = LIMITS.pageSize) {
  const q = search.q?.trim();
  const cursor = search.cursor ?? null;
  if (!q && !hasFilters(search) && !filterPoint(search) && pageSize === LIMITS.pageSize) {
    return pageOf({ ...(await readPlainList(db, cursor, language)), corrected: null }, pageSize, false, false);
  }
  const [origin, priceEdges] = await Promise.all([resolveOrigin(db, search), priceEdgesOf(db, search)]);
  if (origin === "unknown") return refusal("city_unknown");
  if (q) return pageOf(await readText(db, search, q, origin, language, pageSize, priceEdges), pageSize, true, false);
  const { rows, total, few } =
    hasFilters(search) && (!cursor || cursor.few)
      ? await readFewFirst(db, search, origin, language, pageSize, priceEdges)
      : await readPage(db, search, origin, language, null, pageSize, priceEdges);
  return pageOf({ rows, total, corrected: null }, pageSize, false, few);
}

/**
 * A search with a text: its page as written; when the text finds no open job so (with the filters, and
 * then alone, as saved searches' alerts read it), its correction (spelling.ts) is read instead, if that
 * finds jobs, and the cursor keeps it so that the next pages read the same.
 */
async function readText(
  db: Queryable,
  search: JobSearch,
  q: string,
  origin: Origin | null,
  language: LanguageCode,
  pageSize: number,
  priceEdges: PriceEdges | null,
) {
  if (search.cursor) {
    const corrected = search.cursor.corrected ?? null;
    return { ...(await readPage(db, search, origin, language, corrected, pageSize, priceEdges)), corrected };
  }
  const asWritten = { ...(await readPage(db, search, origin, language, null, pageSize, priceEdges)), corrected: null };
  if (asWritten.total !== 0) return asWritten;
  if ((hasFilters(search) || filterPoint(search)) && (await findsJobsAsWritten(db, q))) return asWritten;
  const corrected = await correctedText(db, q);
  if (!corrected) return asWritten;
  const read = await readPage(db, search, origin, language, corrected, pageSize, priceEdges);
  // A correction that finds nothing either is not worth a word: the list says the text found nothing.
  return read.total === 0 ? asWritten : { ...read, corrected };
}

/**
 * One page and, on a first page, its count, in one statement per shape of search (search-shapes.ts): a
 * text's ranked matches count themselves; other lists carry their capped count (countJobsQuery) as a
 * value computed once in the same statement.
 */
async function readPage(
  db: Queryable,
  search: JobSearch,
  origin: Origin | null,
  language: LanguageCode,
  corrected: string | null,
  pageSize: number,
  priceEdges: PriceEdges | null,
) {
  const first = !search.cursor;
  const shape = shapeOfSearch(search, origin, priceEdges, pageSize, corrected);
  const planned = plannedEachCall(db);
  const statement = statementOfShape(planned, "search_page", shape, (s) =>
    searchJobsQuery(planned, s.search, s.origin, sql`${sql.placeholder("language")}`, null, pageSize, {
      priceEdges: s.priceEdges,
      counted: first,
    }),
  );
  const rows = await statement.execute({ ...shape.values, language });
  return { rows, total: first ? (rows[0]?.matches ?? 0) : null, few: false };
}

/**
 * True when the text as written (or as word forms, or an employer's name) finds some open job. Counted
 * as the count label counts, not probed with EXISTS: for a word no job has, the planner expects an
 * early hit and reads every job looking for it (155 ms at 100k jobs instead of a probe of the index).
 */
export async function findsJobsAsWritten(db: Queryable, q: string): Promise<boolean> {
  const [row] = await countJobsQuery(db, { q }, null);
  return (row?.total ?? 0) > 0;
}

type PageRow = Awaited<ReturnType<typeof searchJobsQuery>>[number];

/** The page of `rows` with the cursor after it, and the count label's figures. */
function pageOf(
  { rows, total, corrected }: { rows: PageRow[]; total: number | null; corrected: string | null },
  pageSize: number,
  ranked: boolean,
  few: boolean,
) {
  const { items, nextCursor } = takePage(rows, pageSize, (row): PageCursor => ({
    at: row.cursorAt,
    id: row.cursorId,
    ...(ranked ? { rank: row.rank, ...(corrected ? { corrected } : {}) } : {}),
    ...(few ? { few } : {}),
  }));
  return {
    items: items.map(({ cursorAt: _at, cursorId: _id, rank: _rank, matches: _matches, ...item }) => item),
    nextCursor,
    /** The text the jobs were found by when the search text, as written, found none ("delivery" for "delivry"). */
    corrected,
    /** How many jobs match, counted on the first page only (null on later pages), at most JOB_COUNT_CAP. */
    total: total === null ? null : Math.min(total, JOB_COUNT_CAP),
    /** True when more than `total` jobs match: the label then says "1,000+". */
    capped: total !== null && total > JOB_COUNT_CAP,
  };
}

/**
 * The statements whose shape never changes, built once per database handle and prepared, so a request
 * only binds its values, Postgres reuses the plan, and the rows are decoded by decoders found once
 * (db/row-decoders.ts): the plain list's (no text, no filter, no place; the home page's, the most read
 * list by far: its first page, which counts, and a later page), and a filtered page read by the ids its count
 * found (readFewFirst), whatever the filters were, with or without a point to measure distances from.
 */
const listStatements = oncePerDatabase((db) => {
  const language = sql`${sql.placeholder("language")}`;
  const cursor = { at: sql.placeholder("at"), id: sql.placeholder("id") } as unknown as PageCursor;
  const ids = sql`${sql.placeholder("ids")}`;
  const point = { lat: sql.placeholder("lat"), lng: sql.placeholder("lng") } as unknown as Origin;
  return {
    first: preparedDecodingOnce(
      searchJobsQuery(db, {}, null, language, null, LIMITS.pageSize, { counted: true }),
      "home_list_first",
    ),
    next: preparedDecodingOnce(searchJobsQuery(db, { cursor }, null, language), "home_list_next"),
    byIds: preparedDecodingOnce(searchJobsQuery(db, {}, null, language, null, LIMITS.pageSize, { ids }), "filtered_page_by_ids"),
    byIdsNear: preparedDecodingOnce(
      searchJobsQuery(db, {}, point, language, null, LIMITS.pageSize, { ids }),
      "filtered_page_by_ids_near",
    ),
  };
});

/**
 * The home list's first page in each language, read once for all the requests that asked while the
 * previous read was under way (db/shared-reads.ts): it is the same for everyone, and the page every
 * visitor opens first. Each answer is still read after its request arrived.
 */
const firstPages = oncePerDatabase((db) =>
  sharedReads((language: LanguageCode) => listStatements(db).first.execute({ language })),
);

async function readPlainList(db: Queryable, cursor: PageCursor | null, language: LanguageCode) {
  if (cursor) return { rows: await listStatements(db).next.execute({ language, at: cursor.at, id: cursor.id }), total: null };
  const rows = await firstPages(db)(language);
  return { rows, total: rows[0]?.matches ?? 0 };
}

/** A newest-first page with filters: counted first, read by id when few jobs match (newestMatchesQuery). */
async function readFewFirst(
  db: Queryable,
  search: JobSearch,
  origin: Origin | null,
  language: LanguageCode,
  pageSize: number,
  priceEdges: PriceEdges | null,
) {
  const shape = shapeOfSearch(search, origin, priceEdges, pageSize);
  const planned = plannedEachCall(db);
  const [found] = await statementOfShape(planned, "newest_matches", shape, (s) =>
    newestMatchesQuery(planned, s.search, s.origin, s.priceEdges, pageSize),
  ).execute(shape.values);
  const ids = found?.newest ?? null;
  // Nothing matches: no page to read. Read by id, a page is the same statement whatever the filters.
  const rows =
    ids?.length === 0
      ? []
      : ids && pageSize === LIMITS.pageSize
        ? await readByIds(db, ids, origin, language)
        : await searchJobsQuery(planned, search, origin, language, null, pageSize, { priceEdges, ids });
  return { rows, total: search.cursor ? null : (found?.total ?? 0), few: ids !== null };
}

/** A page of LIMITS.pageSize jobs by their ids, with or without a point to measure distances from. */
function readByIds(db: Queryable, ids: string[], origin: Origin | null, language: LanguageCode) {
  const statements = listStatements(db);
  return origin
    ? statements.byIdsNear.execute({ language, ids, lat: origin.lat, lng: origin.lng })
    : statements.byIds.execute({ language, ids });
}

/** Whether the search has a filter beyond its text: only then can a newest-first walk read in vain. */
function hasFilters(search: JobSearch): boolean {
  return [search.category, search.duration, search.startDate, search.price, search.country, search.km].some(
    (value) => value !== undefined,
  );
}

export type JobSearchPage = Exclude<Awaited<ReturnType<typeof searchJobs>>, { ok: false }>;
export type JobSearchItem = JobSearchPage["items"][number];
