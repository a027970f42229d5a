/**
 * The home page's filter choices, apart from their schema (job-filters.ts) so that the first screen's
 * filter bar loads no validation library.
 */

import type { ProfileCurrency } from "./currencies.ts";

/** Duration filter buckets (docs/product.md, Search and filters): 1 day, 2–3 days, 4–7 days, both ends included. */
export const DURATION_FILTERS = [
  { key: "1", minDays: 1, maxDays: 1 },
  { key: "2-3", minDays: 2, maxDays: 3 },
  { key: "4-7", minDays: 4, maxDays: 7 },
] as const;
export type DurationFilterKey = (typeof DURATION_FILTERS)[number]["key"];
export const DURATION_FILTER_KEYS = DURATION_FILTERS.map((f) => f.key) as [DurationFilterKey, ...DurationFilterKey[]];

/**
 * Price filter brackets (docs/product.md, Search and filters; docs/decisions/049) on the hourly rate, in
 * the reader's currency: "low" is below the currency's first edge, "mid" from the first edge to below
 * the second, "high" from the second edge on (`min` included, `below` excluded). Negotiable means no
 * rate at all.
 */
export const PRICE_FILTERS = [
  { key: "low", from: null, to: 0 },
  { key: "mid", from: 0, to: 1 },
  { key: "high", from: 1, to: null },
  { key: "negotiable", negotiable: true },
] as const;
export type PriceFilterKey = (typeof PRICE_FILTERS)[number]["key"];
export const PRICE_FILTER_KEYS = PRICE_FILTERS.map((f) => f.key) as [PriceFilterKey, ...PriceFilterKey[]];
/** The keys links and saved searches used while the edges were 15 and 25 everywhere, read as today's brackets. */
export const LEGACY_PRICE_FILTER_KEYS = { "under-15": "low", "15-25": "mid", "25-plus": "high" } as const satisfies Record<
  string,
  PriceFilterKey
>;

/**
 * The two edges of the price brackets per reader currency (docs/decisions/049): round amounts that split
 * ordinary day-job pay where it is paid, from each country's minimum and typical hourly wages
 * (RUB 300/500: Moscow day jobs pay 450-610 ₽ an hour).
 */
export const PRICE_EDGES: Record<ProfileCurrency, readonly [number, number]> = {
  RUB: [300, 500],
  KZT: [1500, 2500],
  UZS: [25_000, 40_000],
  TMT: [10, 20],
  EUR: [15, 25],
  USD: [15, 25],
  GBP: [15, 25],
  CHF: [25, 40],
  JPY: [1200, 2000],
  AUD: [30, 45],
  CAD: [20, 30],
  CNY: [25, 40],
  INR: [100, 200],
};

/** A price bracket's range in `currency`: `min` included, `below` excluded, null for no edge. */
export type PriceRange = { min: number | null; below: number | null };

/** The range of the bracket `key` in `currency`; null for "negotiable" (no rate rather than a range). */
export function priceRangeOf(key: PriceFilterKey, currency: ProfileCurrency): PriceRange | null {
  const filter = PRICE_FILTERS.find((f) => f.key === key);
  if (!filter || "negotiable" in filter) return null;
  const edges = PRICE_EDGES[currency];
  return { min: filter.from === null ? null : edges[filter.from], below: filter.to === null ? null : edges[filter.to] };
}

/** The bucket a job of `days` days falls in. */
export function durationFilterOf(days: number): DurationFilterKey | null {
  return DURATION_FILTERS.find((f) => days >= f.minDays && days <= f.maxDays)?.key ?? null;
}

/** The bracket a job's hourly rate, already in `currency`, falls in (null rate: negotiable). */
export function priceFilterOf(rate: number | null, currency: ProfileCurrency): PriceFilterKey {
  if (rate === null) return "negotiable";
  const [low, high] = PRICE_EDGES[currency];
  return rate < low ? "low" : rate < high ? "mid" : "high";
}

/** "Within N km" choices of the home page (docs/product.md, Location). */
export const DISTANCES_KM = [5, 10, 15, 25, 50, 100] as const;
export type DistanceKm = (typeof DISTANCES_KM)[number];
/** The distance taken when a point is chosen without one. */
export const DEFAULT_DISTANCE_KM: DistanceKm = 25;
