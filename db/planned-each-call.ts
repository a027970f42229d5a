import { decodeRowsOnce } from "./row-decoders.ts";

/** What drizzle's select builders answer `.prepare(name)` with: a statement run with `.execute(values)`. */
type Preparable = { prepare(name: string): object };

/**
 * A select's statement sent unnamed, so Postgres plans it for the values of each call, with its rows
 * decoded by decoders found once (row-decoders.ts); it may be kept and executed again with other
 * placeholder values.
 *
 * A statement drizzle prepares by name, postgres.js keeps on the connection by its text, and after five
 * calls Postgres may plan it once for all values (a generic plan). That suits a statement whose best plan
 * is the same whatever its values (a job by id, the plain list). It does not suit a search, whose best
 * plan depends on them: a rare word reads the text index, a common one walks the newest jobs. The plan
 * made for the first words asked then served every other: on 100k jobs a common word asked after a rare
 * one took 37 ms instead of 8 (docs/decisions/025). drizzle sends a statement unnamed when it is
 * prepared without a name (what awaiting the builder does), through `_prepare`, which its types keep to
 * itself.
 */
export function plannedEachCall<Q extends Preparable>(query: Q): ReturnType<Q["prepare"]> {
  const statement = (query as unknown as { _prepare(): ReturnType<Q["prepare"]> })._prepare();
  decodeRowsOnce(statement);
  return statement;
}
