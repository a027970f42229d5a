import type { Queryable } from "./database.ts";

const plannedHandles = new WeakMap<Queryable, Queryable>();

/** Makes `planned` the handle plannedEachCall answers for `db` (db/open.ts, for its Postgres pools). */
export function planEachCallWith(db: Queryable, planned: Queryable): void {
  plannedHandles.set(db, planned);
}

/**
 * The handle to build a statement on whose best plan depends on its values: on Postgres a second pool
 * of the same database, whose connections have `plan_cache_mode = force_custom_plan` (db/open.ts); on
 * PGlite, and for a transaction, the handle itself (PGlite keeps no plan of a statement).
 *
 * A statement drizzle prepares by name, postgres.js keeps on the connection by its text, and after five
 * calls Postgres may plan it once for all values (a generic plan). That suits a statement whose best
 * plan is the same whatever its values (a job by id, the plain list). It does not suit a search, whose
 * best plan depends on them: a rare word reads the text index, a common one walks the newest jobs. The
 * plan made for the first words asked then served every other: on 100k jobs a common word asked after
 * a rare one took 37 ms instead of 8 (docs/decisions/025). Sent unnamed instead, a statement is planned
 * for its values, but postgres.js then asks Postgres to describe it first, a round trip of its own on
 * every call: a rare word's search served half as many requests a second. On this pool a statement is
 * prepared once per connection, as the others are, and planned on every call.
 */
export function plannedEachCall(db: Queryable): Queryable {
  return plannedHandles.get(db) ?? db;
}
