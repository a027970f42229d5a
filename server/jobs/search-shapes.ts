import { sql } from "drizzle-orm";

import type { Queryable } from "../../db/database.ts";
import { oncePerDatabase } from "../../db/once-per-database.ts";
import type { JobFilters } from "../../domain/job-filters.ts";
import type { PageCursor } from "../../domain/page-cursor.ts";
import type { Origin } from "./near.ts";
import type { PriceEdges } from "./open-job-conditions.ts";
import { searchTextOf } from "./text-match.ts";

/**
 * A search as the shape of its statements: the same text, filters, point and price edges with their
 * values as placeholders, the values to bind to them, and a key that spells the shape out.
 */
export type SearchShape = {
  key: string;
  search: JobFilters & { cursor?: PageCursor | null };
  origin: Origin | null;
  priceEdges: PriceEdges | null;
  values: Record<string, unknown>;
};

/**
 * The shape of a search, its text read `corrected` when it was. The values a person types or picks from
 * many (the text, a category, a country, a start date, the point, the cursor) and the edges read from
 * the exchange rates become placeholders; choices among a few constants (a length, a price bucket, a
 * distance) and the page size stay as they are. The key is the shaped search written out, placeholders
 * by their names, so whatever is not a placeholder is part of the key: a value left unbound by mistake
 * makes more shapes, never a statement that answers with another search's values.
 */
export function shapeOfSearch(
  search: JobFilters & { cursor?: PageCursor | null },
  origin: Origin | null,
  priceEdges: PriceEdges | null,
  pageSize: number,
  corrected: string | null = null,
): SearchShape {
  const values: Record<string, unknown> = {};
  const bind = <T>(name: string, value: T): T => {
    values[name] = value;
    return sql.placeholder(name) as unknown as T;
  };
  const { cursor } = search;
  // The text stands as a placeholder of its own, which searchTextOf reads as "words" and "lowered".
  const text = searchTextOf(search.q, corrected);
  if (text) Object.assign(values, text);
  const shaped = {
    search: {
      q: text ? (sql.placeholder("text") as unknown as string) : undefined,
      category: search.category === undefined ? undefined : bind("category", search.category),
      country: search.country === undefined ? undefined : bind("country", search.country),
      startDate: search.startDate === undefined ? undefined : bind("startDate", search.startDate),
      duration: search.duration,
      price: search.price,
      // The reader's currency only counts when the range could not be read as edges.
      currency: priceEdges ? undefined : search.currency,
      km: search.km,
      cursor: cursor
        ? {
            at: bind("at", cursor.at),
            id: bind("id", cursor.id),
            rank: cursor.rank === undefined ? undefined : bind("rank", cursor.rank),
          }
        : null,
    },
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

/**
 * How many statements of shapes are kept per database handle: the shapes a home page offers, times a
 * first and a later page, are a few hundred at most; past this the oldest is built again when asked.
 */
export const SHAPES_KEPT = 500;

const keptStatements = oncePerDatabase(() => new Map<string, unknown>());

/**
 * The statement `build` makes for a shape, built once per database handle and kind of statement and
 * kept for every search of that shape; execute it with `shape.values`.
 */
export function statementOfShape<S>(db: Queryable, kind: string, shape: SearchShape, build: (shape: SearchShape) => S): S {
  const kept = keptStatements(db);
  const key = `${kind} ${shape.key}`;
  if (kept.has(key)) return kept.get(key) as S;
  if (kept.size >= SHAPES_KEPT) kept.delete(kept.keys().next().value as string);
  const statement = build(shape);
  kept.set(key, statement);
  return statement;
}
