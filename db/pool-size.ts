import os from "node:os";

/**
 * Postgres connections per server process unless DATABASE_POOL_SIZE says otherwise: twice the cores, 4 to 10.
 * Past two per core queries only take turns; the cap spares a shared max_connections (docs/deploy.md, section 6).
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
