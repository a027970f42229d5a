// The server of the journeys that move its clock (playwright.config.ts): on a Postgres database of its
// own, made afresh here (DATABASE_URL), or embedded in its DATA_DIR; then started as `npm start` starts it.
import { adminUrl, withDatabase } from "../db/testing/postgres-admin.ts";

const url = process.env.DATABASE_URL;
if (url) {
  const name = new URL(url).pathname.slice(1);
  await withDatabase(adminUrl(url), async (sql) => {
    await sql`DROP DATABASE IF EXISTS ${sql(name)} WITH (FORCE)`;
    await sql`CREATE DATABASE ${sql(name)}`;
  });
}
await import("../scripts/start.ts");
