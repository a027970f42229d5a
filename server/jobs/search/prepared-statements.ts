import type { Queryable } from "../../../db/database.ts";
import { oncePerDatabase } from "../../../db/once-per-database.ts";
import { preparedDecodingOnce } from "../../../db/row-decoders.ts";
import type { SearchShape } from "./shapes.ts";

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
type Statement<R> = { execute(values: Record<string, unknown>): Promise<R> };

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
): Statement<R> {
  const kept = keptStatements(db);
  const key = `${name} ${shape.key}`;
  const statement = kept.get(key) as Statement<R> | undefined;
  if (statement) return statement;
  const query = build(shape);
  if (kept.size >= SHAPES_KEPT) return query;
  const prepared = preparedDecodingOnce(query, name) as Statement<R>;
  kept.set(key, prepared);
  return prepared;
}
