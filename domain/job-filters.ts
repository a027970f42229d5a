import { z } from "zod";

import { ERR } from "./errors.ts";
import {
  HOME_FILTER_KEYS,
  HOME_FILTERS,
  type HomeFilterInput,
  type HomeFilterKey,
  type HomeFilterValue,
} from "./home-filters.ts";
import { pageCursorSchema } from "./page-cursor.ts";
import { typedText } from "./text.ts";
import type { Param } from "./url-readers.ts";

/** A value its home filter's reader accepts, as it reads it (a legacy price key as today's bracket). */
function readable(read: Param<unknown>) {
  return z.custom((value) => read(value) !== undefined, { error: ERR.filterInvalid }).transform((value) => read(value));
}

type FilterSchemas = { [K in HomeFilterKey]: z.ZodOptional<z.ZodType<HomeFilterValue<K>, HomeFilterInput<K>>> };

/** Stricter than its reader: the text refuses control characters and says when it is too long. */
const ownSchemas: Partial<Record<HomeFilterKey, z.ZodType>> = {
  q: typedText().trim().max(200, ERR.searchTooLong),
};

/**
 * The home page's filters, as the search procedure takes them: each as its entry in the list of home
 * filters (home-filters.ts) reads it, a value it does not read refused as `filterInvalid`.
 */
export const jobFiltersSchema = z.object(
  Object.fromEntries(
    HOME_FILTER_KEYS.map((key) => [key, (ownSchemas[key] ?? readable(HOME_FILTERS[key].read)).optional()]),
  ) as FilterSchemas,
);
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
