import { HOME_FILTER_KEYS, type HomeFilterKey } from "../../../domain/home-filters.ts";

/** The home filters a search reads as its text and its point (text-match.ts, near.ts), not as filters. */
const TEXT_AND_POINT = ["q", "cityId", "lat", "lng"] as const satisfies readonly HomeFilterKey[];

/** A home filter that a search's statements read as a filter (conditions.ts). */
export type SearchFilterKey = Exclude<HomeFilterKey, (typeof TEXT_AND_POINT)[number]>;

/** The list of home filters (domain/home-filters.ts) without the text and the point, in its order. */
export const SEARCH_FILTER_KEYS = HOME_FILTER_KEYS.filter(
  (key): key is SearchFilterKey => !(TEXT_AND_POINT as readonly HomeFilterKey[]).includes(key),
);
