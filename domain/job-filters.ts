import { z } from "zod";

import { calendarDate } from "./calendar-date.ts";
import { CATEGORIES } from "./categories.ts";
import { COUNTRY_CODES } from "./countries.ts";
import { PROFILE_CURRENCIES } from "./currencies.ts";
import { ERR } from "./errors.ts";
import {
  DISTANCES_KM,
  DURATION_FILTER_KEYS,
  LEGACY_PRICE_FILTER_KEYS,
  PRICE_FILTER_KEYS,
  type DistanceKm,
  type PriceFilterKey,
} from "./job-filter-choices.ts";
import { pageCursorSchema } from "./page-cursor.ts";
import { cityIdSchema } from "./places.ts";
import { typedText } from "./text.ts";

const latitude = z.number({ error: ERR.filterInvalid }).min(-90, ERR.filterInvalid).max(90, ERR.filterInvalid);
const longitude = z.number({ error: ERR.filterInvalid }).min(-180, ERR.filterInvalid).max(180, ERR.filterInvalid);

const legacyPriceKeys = Object.keys(LEGACY_PRICE_FILTER_KEYS) as (keyof typeof LEGACY_PRICE_FILTER_KEYS)[];
function isLegacyPriceKey(key: string): key is keyof typeof LEGACY_PRICE_FILTER_KEYS {
  return key in LEGACY_PRICE_FILTER_KEYS;
}

/**
 * The home page's filters, as the search procedure takes them. The place is a country, and a point
 * (a gazetteer city or the browser's position, never both) with a distance around it; `currency` is
 * the one the reader reads prices in: the price brackets' edges are its own (PRICE_EDGES) and each
 * job's rate is converted into it. A saved search or link from before the brackets (`under-15`, ...)
 * reads as today's bracket in the same place.
 */
export const jobFiltersSchema = z.object({
  q: typedText().trim().max(200, ERR.searchTooLong).optional(),
  category: z.enum(CATEGORIES, { error: ERR.filterInvalid }).optional(),
  duration: z.enum(DURATION_FILTER_KEYS, { error: ERR.filterInvalid }).optional(),
  startDate: calendarDate(ERR.filterInvalid).optional(),
  price: z
    .enum([...PRICE_FILTER_KEYS, ...legacyPriceKeys], { error: ERR.filterInvalid })
    .transform((key): PriceFilterKey => (isLegacyPriceKey(key) ? LEGACY_PRICE_FILTER_KEYS[key] : key))
    .optional(),
  currency: z.enum(PROFILE_CURRENCIES, { error: ERR.filterInvalid }).optional(),
  country: z.enum(COUNTRY_CODES, { error: ERR.filterInvalid }).optional(),
  cityId: cityIdSchema(ERR.filterInvalid).optional(),
  lat: latitude.optional(),
  lng: longitude.optional(),
  km: z
    .number({ error: ERR.filterInvalid })
    .refine((km): km is DistanceKm => (DISTANCES_KM as readonly number[]).includes(km), ERR.filterInvalid)
    .optional(),
});
export type JobFilters = z.output<typeof jobFiltersSchema>;

/** The point distances are measured from: a city, or a position (both coordinates). */
export type FilterPoint = { cityId: number } | { lat: number; lng: number };
export function filterPoint(filters: Pick<JobFilters, "cityId" | "lat" | "lng">): FilterPoint | null {
  if (filters.cityId !== undefined) return { cityId: filters.cityId };
  if (filters.lat !== undefined && filters.lng !== undefined) return { lat: filters.lat, lng: filters.lng };
  return null;
}

/** `jobs.search`: the filters plus the cursor of "load more". */
export const jobSearchSchema = jobFiltersSchema.extend({ cursor: pageCursorSchema.nullish() });
export type JobSearchInput = z.input<typeof jobSearchSchema>;
