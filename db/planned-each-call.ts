import type { Queryable } from "./database.ts";

const plannedHandles = new WeakMap<Queryable, Queryable>();

/** Makes `planned` the handle plannedEachCall answers for `db` (db/open.ts, for its Postgres pools). */
export function planEachCallWith(db: Queryable, planned: Queryable): void {
  plannedHandles.set(db, planned);
}

/**
 * The handle for statements whose best plan depends on their values: a pool planning each call on Postgres,
 * the handle itself on PGlite or in a transaction (docs/decisions/025).
 */
export function plannedEachCall(db: Queryable): Queryable {
  return plannedHandles.get(db) ?? db;
}
