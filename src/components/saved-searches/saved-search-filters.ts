import type { ProfileCurrency } from "../../../domain/currencies.ts";
import type { JobFilters } from "../../../domain/job-filters.ts";
import { normalizeSavedFilters } from "../../../domain/saved-search-keys.ts";
import { isolate } from "../../lib/locale.ts";
import { m } from "../../paraglide/messages.js";
import { filterChoiceLabels, type JobFilterValues } from "../jobs/job-filters-bar.tsx";

/**
 * The home page's search as a saved search keeps it: the text, the filters under their procedure names,
 * and the reader's currency (which a price range is read in, docs/decisions/022).
 */
export function savedFiltersOf(query: string, filters: JobFilterValues, currency: ProfileCurrency): JobFilters {
  return normalizeSavedFilters({
    q: query,
    category: filters.category,
    duration: filters.duration,
    startDate: filters.date,
    price: filters.price,
    currency,
    country: filters.country,
    cityId: filters.cityId,
    lat: filters.lat,
    lng: filters.lng,
    km: filters.km,
  });
}

/** The home page's URL search params that open a saved search. */
export function homeSearchOf(filters: JobFilters) {
  return {
    q: filters.q,
    category: filters.category,
    duration: filters.duration,
    date: filters.startDate,
    price: filters.price,
    country: filters.country,
    city: filters.cityId,
    lat: filters.lat,
    lng: filters.lng,
    km: filters.km,
  };
}

/**
 * A saved search in a line of words: its text in quotes, then each filter as the home page names it
 * ("Moving · 2–3 days · within 25 km of Kazan"); the place is `cityName` or "My location".
 */
export function savedSearchSummary(filters: JobFilters, cityName: string | null, readerCurrency: ProfileCurrency): string {
  const place =
    filters.cityId !== undefined
      ? (cityName ?? undefined)
      : filters.lat !== undefined
        ? m.home_filter_my_location_chosen()
        : undefined;
  const values: JobFilterValues = {
    category: filters.category,
    duration: filters.duration,
    date: filters.startDate,
    price: filters.price,
    country: filters.country,
    cityId: filters.cityId,
    lat: filters.lat,
    lng: filters.lng,
    km: filters.km,
  };
  const parts = filterChoiceLabels(values, place ? isolate(place) : undefined, filters.currency ?? readerCurrency).map(
    (c) => c.label,
  );
  // A point without a distance only measures; it is still where the person looked.
  if (place && filters.km === undefined) parts.push(isolate(place));
  if (filters.q) parts.unshift(m.saved_searches_query({ query: isolate(filters.q) }));
  return parts.join(" · ");
}
