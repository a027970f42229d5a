import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";

import { openDatabase } from "./open.ts";
import { withDbName } from "./testing/global-setup.ts";
import { adminUrl, withDatabase } from "./testing/postgres-admin.ts";

const url = process.env.TEST_DATABASE_URL;
const INSTANCES = 4;
const journal = JSON.parse(readFileSync(new URL("./migrations/meta/_journal.json", import.meta.url), "utf8")) as {
  entries: unknown[];
};

// Only a real server has several processes to race (docs/decisions/061); PGlite has one.
describe.skipIf(!url)("migrations started by several instances at once on an empty database", () => {
  const name = `daywork_migration_race_${process.pid}`;
  afterAll(async () => {
    if (url) await withDatabase(adminUrl(url), (sql) => sql.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  });

  it("all succeed, one after the other, and leave the whole schema once", async () => {
    const admin = adminUrl(url ?? "");
    await withDatabase(admin, async (sql) => {
      await sql.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await sql.unsafe(`CREATE DATABASE ${name}`);
    });
    const instances = await Promise.all(
      Array.from({ length: INSTANCES }, () => openDatabase({ databaseUrl: withDbName(url ?? "", name), maxConnections: 2 })),
    );
    try {
      const results = await Promise.allSettled(instances.map((instance) => instance.migrate()));
      expect(results.filter((result) => result.status === "rejected")).toEqual([]);
      const sql = instances[0]?.sql;
      if (!sql) throw new Error("no Postgres client");
      const applied = await sql`select count(*)::int as count from drizzle.__drizzle_migrations`;
      expect(applied[0]?.count).toBe(journal.entries.length);
      const queue = await sql`select count(*)::int as count from information_schema.tables where table_schema = 'pgboss'`;
      expect(queue[0]?.count).toBeGreaterThan(0);
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
    }
  }, 120_000);
});
