import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { inject } from "vitest";

import { openDatabase, type OpenedDatabase } from "../open.ts";
import { withDbName } from "./global-setup.ts";
import { adminUrl, TEMPLATE_DB, withDatabase } from "./postgres-admin.ts";

export type TestDatabase = OpenedDatabase & { url: string | null };

/**
 * A fresh, migrated database for one test file: a copy of the template on TEST_DATABASE_URL's server,
 * else an in-memory PGlite loaded from the template dump. `close()` also drops the copy.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `daywork_t_${randomBytes(6).toString("hex")}`;
    await withDatabase(adminUrl(url), (sql) => sql.unsafe(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`));
    const dbUrl = withDbName(url, name);
    const opened = await openDatabase({ databaseUrl: dbUrl, maxConnections: 20 });
    return {
      ...opened,
      url: dbUrl,
      async close() {
        await opened.close();
        await withDatabase(adminUrl(url), (sql) => sql.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      },
    };
  }
  const dump = readFileSync(inject("pgliteTemplate"));
  const opened = await openDatabase({ dataDir: null, loadDataDir: new Blob([dump]) });
  return { ...opened, url: null };
}
