import type { Queryable } from "./database.ts";

/**
 * What `build` makes for a database (or transaction) handle, made once per handle and kept while the
 * handle lives: prepared statements, built and prepared once, that each call only binds values to.
 */
export function oncePerDatabase<T>(build: (db: Queryable) => T): (db: Queryable) => T {
  const built = new WeakMap<Queryable, T>();
  return (db) => {
    if (!built.has(db)) built.set(db, build(db));
    return built.get(db) as T;
  };
}
