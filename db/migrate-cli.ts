// npm run db:migrate: applies the committed migrations to DATABASE_URL, else the embedded database in DATA_DIR.

import { openConfiguredDatabase } from "./open.ts";

const database = await openConfiguredDatabase({ maxConnections: 1 });
try {
  await database.migrate();
  console.log(`migrated (${database.kind})`);
} finally {
  await database.close();
}
