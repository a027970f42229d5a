import type { Queryable } from "../../../db/database.ts";
import { oncePerDatabase } from "../../../db/once-per-database.ts";
import { preparedDecodingOnce } from "../../../db/row-decoders.ts";
import type { SearchShape } from "./shapes.ts";

/**
 * How many shapes' statements the prepared-statement cache keeps per database handle: each holds memory
 * on every connection and the possible shapes are thousands, so one asked for past the cap is built on
 * each call and sent unnamed (docs/decisions/025).
 */
export const SHAPES_KEPT = 200;

const keptStatements = oncePerDatabase(() => new Map<string, unknown>());

/** A statement that runs with a shape's values bound. */
type Statement<R> = { execute(values: Record<string, unknown>): Promise<R> };

/** A drizzle select: prepared by name, or executed as it is (an unnamed statement). */
type Select<R> = { prepare(name: string): object; execute(values?: Record<string, unknown>): Promise<R> };

/**
 * The prepared-statement cache of search: the statement of `build` for a shape, named `name`, built and
 * prepared once per database handle (rows decoded by db/row-decoders.ts) and kept for every search of
 * that shape, up to SHAPES_KEPT shapes. Execute it with `shape.values`.
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
