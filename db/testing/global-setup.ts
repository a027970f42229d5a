import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

import { dumpPglite, openDatabase } from "../open.ts";
import { adminUrl, TEMPLATE_DB, withDatabase } from "./postgres-admin.ts";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * Migrates one template database from the committed migrations: on the Postgres server named by
 * TEST_DATABASE_URL when set (each test file then copies it), else a PGlite data folder dumped to a file.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = adminUrl(url);
    await withDatabase(admin, async (sql) => {
      await sql.unsafe(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
      await sql.unsafe(`CREATE DATABASE ${TEMPLATE_DB}`);
    });
    const template = await openDatabase({ databaseUrl: withDbName(url, TEMPLATE_DB), maxConnections: 1 });
    await template.migrate();
    await template.close();
    project.provide("pgliteTemplate", "");
    return;
  }
  const template = await openDatabase({ dataDir: null });
  await template.migrate();
  const file = path.join(os.tmpdir(), `daywork-template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await (await dumpPglite(template)).arrayBuffer()));
  await template.close();
  project.provide("pgliteTemplate", file);
}

/** The same server URL pointing at another database. */
export function withDbName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
