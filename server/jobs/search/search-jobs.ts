import { sql } from "drizzle-orm";

import type { Queryable } from "../../../db/database.ts";
import { plannedEachCall } from "../../../db/planned-each-call.ts";
import type { LanguageCode } from "../../../domain/languages.ts";
import { LIMITS } from "../../../domain/limits.ts";
import type { PageCursor } from "../../../domain/page-cursor.ts";
import { takePage } from "../../pagination/keyset.ts";
import { refusal } from "../../refusal.ts";
import { countQuery, JOB_COUNT_CAP, newestMatchesQuery } from "./count-queries.ts";
import { readByIds, readHomeList } from "./home-list.ts";
import { resolveOrigin, type Origin } from "./near.ts";
import { newestPageQuery, pageByIdsQuery, rankedPageQuery, type PageRow } from "./page-queries.ts";
import { planSearch, type JobSearch, type SearchPlan } from "./plan.ts";
import { statementOfShape } from "./prepared-statements.ts";
import { priceEdgesOf, type PriceEdges } from "./price-edges.ts";
import { shapeOfSearch } from "./shapes.ts";
import { correctedText } from "./spelling.ts";
import { searchTextOf } from "./text-match.ts";

/** What a read after the plan knows: the search, its point and a price range's edges, read first. */
type Read = {
  db: Queryable;
  search: JobSearch;
  origin: Origin | null;
  priceEdges: PriceEdges | null;
  language: LanguageCode;
  pageSize: number;
};

/**
 * The home list and search over all open jobs, read as planSearch decides. The total is counted on the
 * first page only, and only up to JOB_COUNT_CAP. A point chosen adds each job's distance from it; a city
 * the gazetteer does not hold is refused.
 */
export async function searchJobs(db: Queryable, search: JobSearch, language: LanguageCode, pageSize: number = LIMITS.pageSize) {
  const plan = planSearch(search, pageSize);
  if (plan.kind === "home-list") {
    return pageOf({ ...(await readHomeList(db, plan.cursor, language)), corrected: null }, pageSize, false, false);
  }
  const [origin, priceEdges] = await Promise.all([resolveOrigin(db, search), priceEdgesOf(db, search)]);
  if (origin === "unknown") return refusal("city_unknown");
  const read: Read = { db, search, origin, priceEdges, language, pageSize };
  if (plan.kind === "ranked") return pageOf(await readText(read, plan), pageSize, true, false);
  const { rows, total, few } = plan.kind === "few-first" ? await readFewFirst(read) : await readPage(read, null);
  return pageOf({ rows, total, corrected: null }, pageSize, false, few);
}

/**
 * A search with a text: its page as written; when the text finds no open job so (with the filters, and
 * then alone, as saved searches' alerts read it), its correction (spelling.ts) if that finds jobs. The
 * cursor keeps the correction, so that the next pages read the same (docs/decisions/042).
 */
async function readText(read: Read, plan: Extract<SearchPlan, { kind: "ranked" }>) {
  if (!plan.mayCorrect) return { ...(await readPage(read, plan.corrected)), corrected: plan.corrected };
  const asWritten = { ...(await readPage(read, null)), corrected: null };
  if (asWritten.total !== 0) return asWritten;
  if (plan.narrowed && (await findsJobsAsWritten(read.db, plan.q))) return asWritten;
  const corrected = await correctedText(read.db, plan.q);
  if (!corrected) return asWritten;
  const page = await readPage(read, corrected);
  // A correction that finds nothing either is not worth a word: the list says the text found nothing.
  return page.total === 0 ? asWritten : { ...page, corrected };
}

/**
 * One page and, on a first page, its count, in one statement per shape of search kept prepared
 * (prepared-statements.ts), on the handle that plans each call for its values (db/planned-each-call.ts).
 */
async function readPage({ db, search, origin, priceEdges, language, pageSize }: Read, corrected: string | null) {
  const first = !search.cursor;
  const shape = shapeOfSearch({ search, origin, priceEdges, pageSize, corrected });
  const planned = plannedEachCall(db);
  const statement = statementOfShape(planned, "search_page", shape, ({ filters, text, cursor, origin, priceEdges }) => {
    const page = { filters, cursor, origin, priceEdges, language: sql.placeholder("language"), pageSize };
    return text ? rankedPageQuery(planned, { ...page, text }) : newestPageQuery(planned, { ...page, counted: first });
  });
  const rows = await statement.execute({ ...shape.values, language });
  return { rows, total: first ? (rows[0]?.matches ?? 0) : null, few: false };
}

/** A newest-first page with filters: counted first, read by id when few jobs match (docs/decisions/025). */
async function readFewFirst({ db, search, origin, priceEdges, language, pageSize }: Read) {
  const shape = shapeOfSearch({ search, origin, priceEdges, pageSize });
  const planned = plannedEachCall(db);
  const [found] = await statementOfShape(planned, "newest_matches", shape, (s) =>
    newestMatchesQuery(planned, { filters: s.filters, origin: s.origin, priceEdges: s.priceEdges, cursor: s.cursor, pageSize }),
  ).execute(shape.values);
  const ids = found?.newest ?? null;
  // Nothing matches: no page to read. Read by id, a page is the same statement whatever the filters.
  const page = { cursor: search.cursor ?? null, origin, language, pageSize };
  const rows =
    ids?.length === 0
      ? []
      : ids && pageSize === LIMITS.pageSize
        ? await readByIds(db, ids, origin, language)
        : ids
          ? await pageByIdsQuery(planned, { ...page, ids })
          : await newestPageQuery(planned, { ...page, filters: search, priceEdges, counted: false });
  return { rows, total: search.cursor ? null : (found?.total ?? 0), few: ids !== null };
}

/**
 * True when the text as written (or as word forms, or an employer's name) finds some open job. Counted
 * as the count label counts, not probed with EXISTS, whose early-hit guess reads every job for a word
 * no job has (docs/decisions/042).
 */
export async function findsJobsAsWritten(db: Queryable, q: string): Promise<boolean> {
  const [row] = await countQuery(db, { filters: {}, text: searchTextOf(q), origin: null });
  return (row?.total ?? 0) > 0;
}

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

export type JobSearchPage = Exclude<Awaited<ReturnType<typeof searchJobs>>, { ok: false }>;
export type JobSearchItem = JobSearchPage["items"][number];
