import type { ProfileCurrency } from "../../../domain/currencies.ts";
import type { JobFilters } from "../../../domain/job-filters.ts";
import { isolate } from "../../lib/locale.ts";
import { m } from "../../paraglide/messages.js";
import { filterChoiceLabels } from "../jobs/job-filters-bar.tsx";

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
  const parts = filterChoiceLabels(filters, place ? isolate(place) : undefined, filters.currency ?? readerCurrency).map(
    (c) => c.label,
  );
  // A point without a distance only measures; it is still where the person looked.
  if (place && filters.km === undefined) parts.push(isolate(place));
  if (filters.q) parts.unshift(m.saved_searches_query({ query: isolate(filters.q) }));
  return parts.join(" · ");
}
