import type { Queryable } from "./database.ts";

const plannedHandles = new WeakMap<Queryable, Queryable>();

/** Makes `planned` the handle plannedEachCall answers for `db` (db/open.ts, for its Postgres pools). */
export function planEachCallWith(db: Queryable, planned: Queryable): void {
  plannedHandles.set(db, planned);
}

/**
 * The handle for statements whose best plan depends on their values (a search): on Postgres a second
 * pool whose connections plan each call (`plan_cache_mode = force_custom_plan`, db/open.ts), so a
 * statement kept prepared is never planned once for all values (docs/decisions/025); on PGlite, and for
 * a transaction, the handle itself.
 */
export function plannedEachCall(db: Queryable): Queryable {
  return plannedHandles.get(db) ?? db;
}
