import type { Placeholder } from "drizzle-orm";

import type { Queryable } from "../../../db/database.ts";
import type { LanguageCode } from "../../../domain/languages.ts";
import { LIMITS } from "../../../domain/limits.ts";
import type { Bound } from "./bound.ts";
import { countQuery, newestMatchesQuery } from "./count-queries.ts";
import type { Origin } from "./near.ts";
import { newestPageQuery, pageByIdsQuery, rankedPageQuery } from "./page-queries.ts";
import type { JobSearch } from "./plan.ts";
import type { PriceEdges } from "./price-edges.ts";
import { searchTextOf } from "./text-match.ts";

/** What the tests ask of a search's statements: the search with plain values, as searchJobs reads it. */
export type TestSearch = {
  search: JobSearch;
  origin?: Origin | null;
  language?: Bound<LanguageCode>;
  corrected?: string | null;
  pageSize?: number;
  priceEdges?: PriceEdges | null;
  ids?: readonly string[] | Placeholder | null;
  counted?: boolean;
};

/** The page statement searchJobs would build for the search: by ids, ranked for a text, else newest first. */
export function pageQuery(db: Queryable, options: TestSearch) {
  const { search, origin = null, language = "en", corrected = null, pageSize = LIMITS.pageSize } = options;
  const { priceEdges = null, ids = null, counted = false } = options;
  const cursor = search.cursor ?? null;
  if (ids) return pageByIdsQuery(db, { ids, cursor, origin, language, pageSize });
  const text = searchTextOf(search.q, corrected);
  const page = { filters: search, cursor, origin, priceEdges, language, pageSize };
  return text ? rankedPageQuery(db, { ...page, text }) : newestPageQuery(db, { ...page, counted });
}

/** The capped count statement of the search. */
export function countOf(db: Queryable, { search, origin = null, corrected = null, priceEdges = null }: TestSearch) {
  return countQuery(db, { filters: search, text: searchTextOf(search.q, corrected), origin, priceEdges });
}

/** The statement that counts a newest-first search and finds its next page's ids when few match. */
export function newestMatchesOf(
  db: Queryable,
  { search, origin = null, priceEdges = null, pageSize = LIMITS.pageSize }: TestSearch,
) {
  const text = searchTextOf(search.q);
  return newestMatchesQuery(db, { filters: search, text, origin, priceEdges, cursor: search.cursor ?? null, pageSize });
}
