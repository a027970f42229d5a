import { sql } from "drizzle-orm";

import type { Queryable } from "../../db/database.ts";
import { oncePerDatabase } from "../../db/once-per-database.ts";
import { preparedDecodingOnce } from "../../db/row-decoders.ts";
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
 * How many shapes' statements are kept prepared per database handle, for the life of the process. Each
 * statement kept prepared also holds about 37 KB of each connection's memory in Postgres, and there are
 * thousands of possible shapes (each combination of filters, a length, a price bucket, a distance): a
 * script asking for all of them must not fill the database's memory. The shapes people use are a few
 * dozen; a shape first asked for after the cap is built on each call and sent unnamed instead.
 */
export const SHAPES_KEPT = 200;

const keptStatements = oncePerDatabase(() => new Map<string, unknown>());

/** A statement that runs with a shape's values bound. */
type Bound<R> = { execute(values: Record<string, unknown>): Promise<R> };

/** A drizzle select: prepared by name, or executed as it is (an unnamed statement). */
type Select<R> = { prepare(name: string): object; execute(values?: Record<string, unknown>): Promise<R> };

/**
 * The statement of `build` for a shape, named `name`: built once per database handle, prepared, its rows
 * decoded by decoders found once (db/row-decoders.ts), and kept for every search of that shape; once
 * SHAPES_KEPT shapes are kept, a new shape's statement is built each time. Execute it with `shape.values`.
 */
export function statementOfShape<R>(
  db: Queryable,
  name: string,
  shape: SearchShape,
  build: (shape: SearchShape) => Select<R>,
): Bound<R> {
  const kept = keptStatements(db);
  const key = `${name} ${shape.key}`;
  const statement = kept.get(key) as Bound<R> | undefined;
  if (statement) return statement;
  const query = build(shape);
  if (kept.size >= SHAPES_KEPT) return query;
  const prepared = preparedDecodingOnce(query, name) as Bound<R>;
  kept.set(key, prepared);
  return prepared;
}
