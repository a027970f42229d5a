import type { SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";

import type * as schema from "./schema/index.ts";

/** A drizzle database over either driver; transactions have the same shape. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle passed into one business action. */
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** Either a database or a transaction, for query functions that run in both. */
export type Queryable = Database | Tx;

/**
 * Rows of a raw SQL query on either driver (postgres.js answers with an array, PGlite with
 * `{ rows }`); for the few queries drizzle's builder cannot express.
 */
export async function queryRows<T extends Record<string, unknown>>(db: Queryable, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown;
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
