import type { Placeholder } from "drizzle-orm";

import type { JobCurrency } from "../../../domain/currencies.ts";
import type { HomeFilterValue, PlaceholderFilterKey } from "../../../domain/home-filters.ts";
import type { SearchFilterKey } from "./search-filters.ts";

/**
 * A value a statement binds: the value itself, or a placeholder that a prepared statement kept for a
 * shape of search binds on each call (prepared-statements.ts). SQL may carry it; JavaScript must not
 * compute with it, so a value used in arithmetic or compared in code is typed as the plain value.
 */
export type Bound<T> = T | Placeholder;

/** A point on the earth in degrees, where distances are measured from (near.ts). */
export type BoundPoint = { lat: Bound<number>; lng: Bound<number> };

/** Where the next page starts: a newest-first list's (at, id), a ranked list's rank before them. */
export type BoundCursor = { at: Bound<string>; id: Bound<string>; rank?: Bound<number> };

/**
 * A search text as its statements read it: `words`, what the jobs' documents are matched and ranked by
 * (the text, or its correction), and `lowered`, the text as written in lower case, what employers'
 * names are matched by (text-match.ts).
 */
export type SearchText = { words: Bound<string>; lowered: Bound<string> };

/** A price range's edges per job currency (price-edges.ts), as a statement binds them. */
export type BoundPriceEdges = readonly {
  currency: Bound<JobCurrency>;
  from: Bound<string> | null;
  below: Bound<string> | null;
}[];

/**
 * The home filters as conditions read them (conditions.ts), beside the text and the point. Those the
 * list binds as placeholders (domain/home-filters.ts) may be bound; the others stay plain, as the
 * statement's shape.
 */
export type SearchFilters = {
  [K in SearchFilterKey]?: K extends PlaceholderFilterKey ? Bound<HomeFilterValue<K>> : HomeFilterValue<K>;
};
