import type { PGlite } from "@electric-sql/pglite";
import { fromBunSql, fromPglite, PgBoss, type BackendProfile, type BunSqlLike, type Db } from "pg-boss";
import type postgres from "postgres";

/** The schema pg-boss keeps its jobs, queues and schedules in. */
export const QUEUE_SCHEMA = "pgboss";

/** How pg-boss reaches this database: the app's own connection, never a second driver. */
export type QueueConnection = { db: Db; backend: BackendProfile };

/**
 * pg-boss over postgres.js: Bun.SQL copies postgres.js's interface (`unsafe`, `reserve`, `listen`), so
 * pg-boss's adapter for it drives postgres.js as is (multi-statement scripts on a reserved connection,
 * LISTEN on postgres.js's own listener). Checked by the queue's tests on a real server.
 */
export function postgresQueueConnection(sql: postgres.Sql): QueueConnection {
  // postgres.js sends a parameter whose type the server left open as text, and cannot write an object
  // there (it threw inside its socket handler, which ended the process): a Date goes as its ISO text, an
  // object (a schedule's data) as JSON, as Bun.SQL sends them.
  const values = (list?: unknown[]) => list?.map(parameterValue);
  const unsafe = (target: postgres.Sql | postgres.ReservedSql) => (text: string, list?: unknown[]) =>
    list?.length ? target.unsafe(text, values(list) as postgres.ParameterOrJSON<never>[]) : target.unsafe(text);
  const client: BunSqlLike = {
    unsafe: unsafe(sql),
    async reserve() {
      const reserved = await sql.reserve();
      return { unsafe: unsafe(reserved), release: () => reserved.release() };
    },
    listen: (channel, onNotification, onSubscribe) => sql.listen(channel, onNotification, onSubscribe),
  };
  return { db: fromBunSql(client), backend: "postgres" };
}

function parameterValue(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  const plainObject = typeof value === "object" && value !== null && !Array.isArray(value) && !ArrayBuffer.isView(value);
  return plainObject ? JSON.stringify(value) : value;
}

/** pg-boss on the embedded database, sharing its one connection. */
export function pgliteQueueConnection(client: PGlite): QueueConnection {
  return { db: fromPglite(client), backend: "pglite" };
}

/**
 * Installs or upgrades pg-boss's schema (part of migrating the database, so test databases copied from
 * a migrated template already have it, and a running app only checks its version).
 */
export async function migrateQueueSchema(connection: QueueConnection): Promise<void> {
  const boss = new PgBoss({
    ...connection,
    schema: QUEUE_SCHEMA,
    supervise: false,
    schedule: false,
    migrate: true,
    createSchema: true,
  });
  await boss.start();
  await boss.stop({ graceful: false, close: false });
}
