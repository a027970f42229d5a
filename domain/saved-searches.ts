import { z } from "zod";

import { ERR } from "./errors.ts";
import { rowIdSchema } from "./ids.ts";
import { jobFiltersSchema, type JobFilters } from "./job-filters.ts";

/**
 * How a person hears of new jobs that match a saved search (docs/decisions/023): `instant` a notice per
 * new job, `daily` one digest a day at SAVED_SEARCH_DIGEST_LOCAL_HOUR in their time zone, `off` none.
 */
export const SAVED_SEARCH_ALERTS = ["instant", "daily", "off"] as const;
export type SavedSearchAlerts = (typeof SAVED_SEARCH_ALERTS)[number];

/** The local hour (recipient's time zone, UTC when unknown) from which the day's digest goes out. */
export const SAVED_SEARCH_DIGEST_LOCAL_HOUR = 8;
/** Jobs a digest names (the newest); its count says how many there are in all. */
export const SAVED_SEARCH_DIGEST_JOBS = 5;

const alertsSchema = z.enum(SAVED_SEARCH_ALERTS, { error: ERR.filterInvalid });

/** `savedSearches.create`: the home page's filters as they are (empty ones and a cursor are dropped). */
export const savedSearchCreateSchema = z.object({
  filters: jobFiltersSchema,
  alerts: alertsSchema.optional(),
});

/** `savedSearches.update`: how one of the caller's saved searches alerts. */
export const savedSearchUpdateSchema = z.object({ id: rowIdSchema, alerts: alertsSchema });

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
