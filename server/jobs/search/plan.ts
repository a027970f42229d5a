import { HOME_FILTERS } from "../../../domain/home-filters.ts";
import { filterPoint, type JobFilters } from "../../../domain/job-filters.ts";
import { LIMITS } from "../../../domain/limits.ts";
import type { PageCursor } from "../../../domain/page-cursor.ts";
import { SEARCH_FILTER_KEYS, type SearchFilterKey } from "./search-filters.ts";

/** A search as the procedure takes it: the home filters and the cursor of "load more". */
export type JobSearch = JobFilters & { cursor?: PageCursor | null };

/**
 * How a search is read, decided from the search alone (docs/decisions/025, 041, 043):
 * - `home-list`: no text, filter or point, a page of the usual size: statements prepared once, the
 *   first page read once for the requests that ask together (request coalescing);
 * - `ranked`: a text, its newest matches ranked; a first page that finds nothing as written is read
 *   corrected (`mayCorrect`); `corrected` is what the cursor's first page was read as; `narrowed`: the
 *   text goes with filters or a point, so "finds nothing" is asked of the text alone before correcting;
 * - `few-first`: filters, newest first, on a first page or one that began so: counted first, and read
 *   by id when few jobs match;
 * - `newest`: newest first, by the filters' conditions (a point alone, or later pages of many matches).
 * All but `home-list` read the filters' point and a price range's edges first.
 */
export type SearchPlan =
  | { kind: "home-list"; cursor: PageCursor | null }
  | { kind: "ranked"; q: string; mayCorrect: boolean; corrected: string | null; narrowed: boolean }
  | { kind: "few-first" }
  | { kind: "newest" };

/** The read strategy of a search (SearchPlan). */
export function planSearch(search: JobSearch, pageSize: number = LIMITS.pageSize): SearchPlan {
  const q = search.q?.trim();
  const cursor = search.cursor ?? null;
  const point = filterPoint(search) !== null;
  if (q) {
    return {
      kind: "ranked",
      q,
      mayCorrect: !cursor,
      corrected: cursor?.corrected ?? null,
      narrowed: hasFilters(search) || point,
    };
  }
  if (!hasFilters(search) && !point && pageSize === LIMITS.pageSize) return { kind: "home-list", cursor };
  return hasFilters(search) && (!cursor || cursor.few) ? { kind: "few-first" } : { kind: "newest" };
}

/**
 * Whether the search has a filter beyond its text and point: only then can a newest-first walk read in
 * vain. A filter counts when it has a chip: the reader's currency alone, supplied by the app, filters nothing.
 */
export function hasFilters(filters: Partial<Record<SearchFilterKey, unknown>>): boolean {
  return SEARCH_FILTER_KEYS.some((key) => HOME_FILTERS[key].chip !== undefined && filters[key] !== undefined);
}
