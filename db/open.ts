import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";

import type { Database } from "./database.ts";
import * as schema from "./schema/index.ts";

const MIGRATIONS_FOLDER = fileURLToPath(new URL("./migrations", import.meta.url));

export type OpenedDatabase = {
  db: Database;
  kind: "postgres" | "pglite";
  /** The postgres.js client when on Postgres (LISTEN/NOTIFY needs it); null on PGlite. */
  sql: postgres.Sql | null;
  migrate(): Promise<void>;
  close(): Promise<void>;
};

export type OpenOptions = { databaseUrl: string; maxConnections?: number } | { dataDir: string | null; loadDataDir?: Blob };

/**
 * Opens the database: Postgres through postgres.js when a URL is given, else the embedded PGlite in
 * `dataDir` (in memory when null).
 */
export async function openDatabase(options: OpenOptions): Promise<OpenedDatabase> {
  if ("databaseUrl" in options) {
    const sql = postgres(options.databaseUrl, {
      max: options.maxConnections ?? 10,
      onnotice: () => {},
      connection: { application_name: "daywork" },
    });
    const db = drizzlePostgres(sql, { schema });
    return {
      db,
      kind: "postgres",
      sql,
      migrate: () => migratePostgres(db, { migrationsFolder: MIGRATIONS_FOLDER }),
      close: () => sql.end({ timeout: 5 }),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: options.dataDir ?? undefined,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
  });
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: "pglite",
    sql: null,
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
  };
}

/** Dumps an embedded database's data folder (tests build one migrated template and load it per file). */
export async function dumpPglite(opened: OpenedDatabase): Promise<Blob> {
  const client = (opened.db as unknown as { $client: PGlite }).$client;
  return client.dumpDataDir("none");
}
