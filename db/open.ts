import { mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";

import { DEFAULT_DATABASE_TIMEOUTS, timeoutSettings, type DatabaseTimeouts } from "./database-timeouts.ts";
import type { Database } from "./database.ts";
import { loadExchangeRateSnapshot } from "./exchange-rates-snapshot.ts";
import { underMigrationLock } from "./migration-lock.ts";
import { planEachCallWith } from "./planned-each-call.ts";
import { defaultPoolSize, splitPool } from "./pool-size.ts";
import { migrateQueueSchema, pgliteQueueConnection, postgresQueueConnection, type QueueConnection } from "./queue-connection.ts";
import { cancelledAtDeadline } from "./request-deadline.ts";
import * as schema from "./schema/index.ts";

const MIGRATIONS_FOLDER = fileURLToPath(new URL("./migrations", import.meta.url));

export type OpenedDatabase = {
  db: Database;
  kind: "postgres" | "pglite";
  /** The postgres.js client when on Postgres (LISTEN/NOTIFY needs it); null on PGlite. */
  sql: postgres.Sql | null;
  /** The pool that plans each call for its values (db/planned-each-call.ts) when on Postgres; null on PGlite. */
  plannedSql: postgres.Sql | null;
  /**
   * LISTEN on a channel: `onNotify` gets each payload NOTIFYed by a committed transaction, and
   * `onReconnect` runs when the listener came back after a drop (notifications in between are gone).
   */
  listen(channel: string, onNotify: (payload: string) => void, onReconnect: () => void): Promise<() => Promise<void>>;
  /** The background queue's way in (pg-boss over this same connection). */
  queue: QueueConnection;
  /** Applies the committed migrations, installs or upgrades the queue's schema, and loads the exchange-rate snapshot. */
  migrate(): Promise<void>;
  close(): Promise<void>;
};

/**
 * Session settings every connection gets. Typo tolerance (server/jobs/search/text-match.ts): a query word
 * counts as found when half its trigrams are (pg_trgm's default 0.6 misses "курер" for "курьер").
 */
const SEARCH_SETTINGS = { "pg_trgm.word_similarity_threshold": "0.5" } as const;

let poolsOpened = 0;

/**
 * "daywork/<pid>.<n>@<host>", so each instance's connections can be told apart in pg_stat_activity and
 * GET /api/metrics counts its own.
 */
function poolApplicationName(): string {
  poolsOpened += 1;
  return `daywork/${process.pid}.${poolsOpened}@${os.hostname()}`.slice(0, 63);
}

export type OpenOptions =
  | { databaseUrl: string; maxConnections?: number; timeouts?: Partial<DatabaseTimeouts> }
  | { dataDir: string | null; loadDataDir?: Blob };

/**
 * Opens the database: Postgres through postgres.js when a URL is given, else the embedded PGlite in
 * `dataDir` (in memory when null).
 */
export async function openDatabase(options: OpenOptions): Promise<OpenedDatabase> {
  if ("databaseUrl" in options) {
    const applicationName = poolApplicationName();
    const timeouts = { ...DEFAULT_DATABASE_TIMEOUTS, ...options.timeouts };
    // Bounded waits (docs/decisions/062): connecting, each statement, a transaction left open, a dead peer.
    const pool = (max: number, settings: Record<string, string>) =>
      postgres(options.databaseUrl, {
        max,
        onnotice: () => {},
        connect_timeout: timeouts.connectMs / 1000,
        keep_alive: timeouts.keepAliveMs / 1000,
        connection: { application_name: applicationName, ...SEARCH_SETTINGS, ...timeoutSettings(timeouts), ...settings },
      });
    // The statements whose best plan depends on their values (a search's) go through a pool of their own,
    // whose connections plan each call for its values (db/planned-each-call.ts): half the connections,
    // so a burst of slow searches never holds those of job pages, sign-ins and the job queue.
    const { main, planned } = splitPool(options.maxConnections ?? defaultPoolSize());
    const sql = pool(main, {});
    const plannedSql = pool(planned, { plan_cache_mode: "force_custom_plan" });
    // Statements of a request that ran past its deadline are cancelled and its transactions roll back.
    const db = drizzlePostgres(cancelledAtDeadline(sql), { schema });
    planEachCallWith(db, drizzlePostgres(cancelledAtDeadline(plannedSql), { schema }));
    const queue = postgresQueueConnection(sql);
    return {
      db,
      kind: "postgres",
      sql,
      plannedSql,
      queue,
      async listen(channel, onNotify, onReconnect) {
        let first = true;
        const listening = await sql.listen(channel, onNotify, () => {
          if (!first) onReconnect();
          first = false;
        });
        return () => listening.unlisten();
      },
      // Several instances may start at once on an empty database: one migrates at a time (decision 061),
      // on connections of its own without the statement bounds (an index build may take longer).
      migrate: () =>
        underMigrationLock(options.databaseUrl, async () => {
          const migrating = postgres(options.databaseUrl, {
            max: 2,
            onnotice: () => {},
            connect_timeout: timeouts.connectMs / 1000,
            connection: { application_name: applicationName, ...SEARCH_SETTINGS },
          });
          try {
            const migratingDb = drizzlePostgres(migrating, { schema });
            await migratePostgres(migratingDb, { migrationsFolder: MIGRATIONS_FOLDER });
            await migrateQueueSchema(postgresQueueConnection(migrating));
            await loadExchangeRateSnapshot(migratingDb);
          } finally {
            await migrating.end({ timeout: 5 });
          }
        }),
      close: async () => {
        await Promise.all([sql.end({ timeout: 5 }), plannedSql.end({ timeout: 5 })]);
      },
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  // Loaded only for the embedded database: an instance on Postgres never loads PGlite (decision 066).
  const [{ PGlite }, { cube }, { earthdistance }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] =
    await Promise.all([
      import("@electric-sql/pglite"),
      import("@electric-sql/pglite/contrib/cube"),
      import("@electric-sql/pglite/contrib/earthdistance"),
      import("@electric-sql/pglite/contrib/pg_trgm"),
      import("drizzle-orm/pglite"),
      import("drizzle-orm/pglite/migrator"),
    ]);
  const client = await PGlite.create({
    dataDir: options.dataDir ?? undefined,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm, cube, earthdistance },
  });
  for (const [name, value] of Object.entries(SEARCH_SETTINGS)) await client.query(`set ${name} = ${value}`);
  const db = drizzlePglite(client, { schema });
  const queue = pgliteQueueConnection(client);
  return {
    db,
    kind: "pglite",
    sql: null,
    plannedSql: null,
    queue,
    // One process, one connection: nothing to reconnect.
    listen: async (channel, onNotify) => client.listen(channel, onNotify),
    // One process owns the data folder: no other instance to migrate alongside, no lock.
    migrate: async () => {
      await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
      await migrateQueueSchema(queue);
      await loadExchangeRateSnapshot(db);
    },
    close: () => client.close(),
  };
}

/** Dumps an embedded database's data folder (tests build one migrated template and load it per file). */
export async function dumpPglite(opened: OpenedDatabase): Promise<Blob> {
  const client = (opened.db as unknown as { $client: PGlite }).$client;
  return client.dumpDataDir("none");
}

/** The database a command-line tool works on: DATABASE_URL, else the embedded one in DATA_DIR (./data). */
export function openConfiguredDatabase(options: { maxConnections?: number } = {}): Promise<OpenedDatabase> {
  const databaseUrl = process.env.DATABASE_URL;
  return databaseUrl
    ? openDatabase({ databaseUrl, ...options })
    : openDatabase({ dataDir: path.resolve(process.env.DATA_DIR ?? "./data") });
}
