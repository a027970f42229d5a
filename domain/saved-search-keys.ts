import type { JobFilters } from "./job-filters.ts";

/**
 * The filters as they are kept and compared: blank text and empty fields dropped; the currency only
 * with a price range (the one filter it changes); a position only whole and only without a city (the
 * city wins, as filterPoint reads it); a distance only with a point. Two searches that list the same
 * jobs normalize to the same object, so saving one twice finds the first.
 */
export function normalizeSavedFilters(filters: JobFilters): JobFilters {
  // A lone surrogate half is no character: kept as U+FFFD, as the search reads it (and as jsonb can store).
  const q = filters.q?.trim().replace(/\p{Cs}/gu, "\uFFFD");
  const ranged = filters.price !== undefined && filters.price !== "negotiable";
  const position = filters.cityId === undefined && filters.lat !== undefined && filters.lng !== undefined;
  const point = filters.cityId !== undefined || position;
  const kept: JobFilters = {
    q: q || undefined,
    category: filters.category,
    duration: filters.duration,
    startDate: filters.startDate,
    price: filters.price,
    currency: ranged ? filters.currency : undefined,
    country: filters.country,
    cityId: filters.cityId,
    lat: position ? filters.lat : undefined,
    lng: position ? filters.lng : undefined,
    km: point ? filters.km : undefined,
  };
  return Object.fromEntries(
    Object.entries(kept)
      .filter(([, value]) => value !== undefined && value !== "")
      .sort(([a], [b]) => a.localeCompare(b)),
  ) as JobFilters;
}

/** True when normalized filters narrow nothing: there is nothing to save. */
export function isEmptySearch(filters: JobFilters): boolean {
  return Object.keys(normalizeSavedFilters(filters)).length === 0;
}

/** A stable text of normalized filters, to tell whether the search on screen is one already saved. */
export function savedFiltersKey(filters: JobFilters): string {
  return JSON.stringify(normalizeSavedFilters(filters));
}
