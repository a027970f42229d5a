import type { Placeholder } from "drizzle-orm";

import type { Category } from "../../../domain/categories.ts";
import type { CountryCode } from "../../../domain/countries.ts";
import type { JobCurrency, ProfileCurrency } from "../../../domain/currencies.ts";
import type { DurationFilterKey, PriceFilterKey } from "../../../domain/job-filter-choices.ts";

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
 * The home filters as conditions read them (conditions.ts), beside the text and the point. The values
 * people pick from many may be bound; a few constants (a length, a price bucket and the reader's
 * currency, a distance) stay plain, as the statement's shape.
 */
export type SearchFilters = {
  category?: Bound<Category>;
  country?: Bound<CountryCode>;
  startDate?: Bound<string>;
  duration?: DurationFilterKey;
  price?: PriceFilterKey;
  currency?: ProfileCurrency;
  km?: number;
};
