import os from "node:os";

/**
 * How many Postgres connections a server process opens unless DATABASE_POOL_SIZE says otherwise:
 * twice the cores the process may use, at least 4 and at most 10 (2 cores: 4; 5 or more: 10).
 * - The app runs on one Node thread: its connections only need to keep queries in flight while it
 *   works, and Postgres (on the same machine in the documented setup) runs each query on one core, so
 *   beyond about two per core they only take turns (the PostgreSQL wiki's "cores × 2 + spindles").
 *   Measured on 2 cores with bench/home-list.ts, 4 connections served the job page and the home list
 *   as fast as 10 to 32 did.
 * - At least 4, shared half and half by the database's two pools (splitPool): searches get their own
 *   connections, so a few slow ones never hold those of quick reads.
 * - At most 10, the fixed default before: several processes share one database and its
 *   max_connections (100 by default), and each connection is a Postgres process with its own memory.
 */
export function defaultPoolSize(cores: number = os.availableParallelism()): number {
  return Math.min(10, Math.max(4, 2 * cores));
}

/**
 * The connections of one database handle (db/open.ts), shared between its two pools: the statements
 * planned once (`main`) and those planned for each call's values (`planned`, db/planned-each-call.ts),
 * half each, at least one each.
 */
export function splitPool(connections: number): { main: number; planned: number } {
  const planned = Math.max(1, Math.floor(connections / 2));
  return { main: Math.max(1, connections - planned), planned };
}
