import { sql, type Placeholder } from "drizzle-orm";

import { HOME_FILTERS } from "../../../domain/home-filters.ts";
import type { JobFilters } from "../../../domain/job-filters.ts";
import type { PageCursor } from "../../../domain/page-cursor.ts";
import type { BoundCursor, BoundPoint, BoundPriceEdges, SearchFilters, SearchText } from "./bound.ts";
import type { Origin } from "./near.ts";
import type { PriceEdges } from "./price-edges.ts";
import { SEARCH_FILTER_KEYS } from "./search-filters.ts";
import { searchTextOf } from "./text-match.ts";

/**
 * A search as the shape of its statements: the same text, filters, cursor, point and price edges with
 * their values as placeholders, the values to bind to them, and a key that spells the shape out.
 */
export type SearchShape = {
  key: string;
  filters: SearchFilters;
  text: SearchText | null;
  cursor: BoundCursor | null;
  origin: BoundPoint | null;
  priceEdges: BoundPriceEdges | null;
  values: Record<string, unknown>;
};

export type ShapeInput = {
  search: JobFilters & { cursor?: PageCursor | null };
  origin: Origin | null;
  priceEdges: PriceEdges | null;
  pageSize: number;
  corrected?: string | null;
};

/**
 * The shape of a search, its text read `corrected` when it was. The text, the point, the cursor, the
 * edges read from the exchange rates and the filters the list of home filters binds (domain/home-filters.ts)
 * become placeholders, each filter under its own key; the other filters (choices among a few constants)
 * and the page size stay as they are. The key is the shaped search written out, placeholders by their
 * names, so whatever is not a placeholder is part of the key: a value left unbound by mistake makes more
 * shapes, never a statement that answers with another search's values.
 */
export function shapeOfSearch({ search, origin, priceEdges, pageSize, corrected = null }: ShapeInput): SearchShape {
  const values: Record<string, unknown> = {};
  const bind = (name: string, value: unknown): Placeholder => {
    values[name] = value;
    return sql.placeholder(name);
  };
  const { cursor } = search;
  const text = searchTextOf(search.q, corrected);
  const filters: Record<string, unknown> = {};
  for (const key of SEARCH_FILTER_KEYS) {
    const value = search[key];
    filters[key] = value === undefined || HOME_FILTERS[key].shape === "key" ? value : bind(key, value);
  }
  // The reader's currency only counts when the range could not be read as edges.
  if (priceEdges) filters.currency = undefined;
  const shaped = {
    text: text ? { words: bind("words", text.words), lowered: bind("lowered", text.lowered) } : null,
    filters: filters as SearchFilters,
    cursor: cursor
      ? {
          at: bind("at", cursor.at),
          id: bind("id", cursor.id),
          rank: cursor.rank === undefined ? undefined : bind("rank", cursor.rank),
        }
      : null,
    origin: origin ? { lat: bind("lat", origin.lat), lng: bind("lng", origin.lng) } : null,
    priceEdges:
      priceEdges?.map((edge, i) => ({
        currency: bind(`currency${i}`, edge.currency),
        from: edge.from === null ? null : bind(`from${i}`, edge.from),
        below: edge.below === null ? null : bind(`below${i}`, edge.below),
      })) ?? null,
  };
  return { ...shaped, key: JSON.stringify({ ...shaped, pageSize }), values };
}
