// npm run db:migrate: applies the committed migrations to DATABASE_URL, else the embedded database in DATA_DIR.
import path from "node:path";

import { openDatabase } from "./open.ts";

const database = process.env.DATABASE_URL
  ? await openDatabase({ databaseUrl: process.env.DATABASE_URL, maxConnections: 1 })
  : await openDatabase({ dataDir: path.resolve(process.env.DATA_DIR ?? "./data") });
try {
  await database.migrate();
  console.log(`migrated (${database.kind})`);
} finally {
  await database.close();
}
