import { homeFilters } from "./home-filters.ts";
import type { JobFilters } from "./job-filters.ts";

/**
 * The filters as they are kept and compared: the ones that count (home-filters.ts: blank text dropped,
 * the currency only with a price range, a position only whole and without a city, a distance only with
 * a point), keys in order. Two searches that list the same jobs normalize to the same object, so saving
 * one twice finds the first.
 */
export function normalizeSavedFilters(filters: JobFilters): JobFilters {
  // A lone surrogate half is no character: kept as U+FFFD, as the search reads it (and as jsonb can store).
  const q = filters.q?.trim().replace(/\p{Cs}/gu, "\uFFFD");
  return Object.fromEntries(Object.entries(homeFilters({ ...filters, q })).sort(([a], [b]) => a.localeCompare(b)));
}

/** True when normalized filters narrow nothing: there is nothing to save. */
export function isEmptySearch(filters: JobFilters): boolean {
  return Object.keys(normalizeSavedFilters(filters)).length === 0;
}

/** A stable text of normalized filters, to tell whether the search on screen is one already saved. */
export function savedFiltersKey(filters: JobFilters): string {
  return JSON.stringify(normalizeSavedFilters(filters));
}
