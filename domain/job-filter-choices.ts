/**
 * The home page's filter choices (docs/product.md, Search and filters), apart from the schema that
 * reads them (job-filters.ts): the first screen draws its filter bar from these constants without
 * loading a validation library.
 */

/** Duration filter buckets (docs/product.md, Search and filters): 1 day, 2–3 days, 4–7 days, both ends included. */
export const DURATION_FILTERS = [
  { key: "1", minDays: 1, maxDays: 1 },
  { key: "2-3", minDays: 2, maxDays: 3 },
  { key: "4-7", minDays: 4, maxDays: 7 },
] as const;
export type DurationFilterKey = (typeof DURATION_FILTERS)[number]["key"];
export const DURATION_FILTER_KEYS = DURATION_FILTERS.map((f) => f.key) as [DurationFilterKey, ...DurationFilterKey[]];

/**
 * Price filter buckets (docs/product.md, Search and filters) on the hourly rate: `min` is included, `below` is excluded, so 15
 * belongs to "15 to under 25" and 25 to "25 and over". Negotiable means no rate at all.
 */
export const PRICE_FILTERS = [
  { key: "under-15", min: null, below: 15 },
  { key: "15-25", min: 15, below: 25 },
  { key: "25-plus", min: 25, below: null },
  { key: "negotiable", negotiable: true },
] as const;
export type PriceFilterKey = (typeof PRICE_FILTERS)[number]["key"];
export const PRICE_FILTER_KEYS = PRICE_FILTERS.map((f) => f.key) as [PriceFilterKey, ...PriceFilterKey[]];

/** The bucket a job of `days` days falls in. */
export function durationFilterOf(days: number): DurationFilterKey | null {
  return DURATION_FILTERS.find((f) => days >= f.minDays && days <= f.maxDays)?.key ?? null;
}

/** The bucket a job's hourly rate falls in (null rate: negotiable). */
export function priceFilterOf(rate: number | null): PriceFilterKey {
  for (const f of PRICE_FILTERS) {
    if ("negotiable" in f) {
      if (rate === null) return f.key;
    } else if (rate !== null && (f.min === null || rate >= f.min) && (f.below === null || rate < f.below)) {
      return f.key;
    }
  }
  // Unreachable for rates >= 0 (the column's check); a negative rate would read as "under 15".
  return "under-15";
}

/** "Within N km" choices of the home page (docs/product.md, Location). */
export const DISTANCES_KM = [5, 10, 15, 25, 50, 100] as const;
export type DistanceKm = (typeof DISTANCES_KM)[number];
/** The distance taken when a point is chosen without one. */
export const DEFAULT_DISTANCE_KM: DistanceKm = 25;
