import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as schema from "./schema/index.ts";

/** A drizzle database over either driver; transactions have the same shape. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle passed into one business action. */
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** Either a database or a transaction, for query functions that run in both. */
export type Queryable = Database | Tx;
