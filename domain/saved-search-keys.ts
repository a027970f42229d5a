import { homeFilters } from "./home-filters.ts";
import type { JobFilters } from "./job-filters.ts";

/**
 * The filters that count, in key order: two searches listing the same jobs normalize to one object, so saving
 * one twice finds the first (docs/decisions/023).
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
