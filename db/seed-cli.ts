// npm run seed -- --users N --jobs N [--seed S]: fills the configured database (DATABASE_URL, else the
// embedded one in DATA_DIR) with a realistic marketplace.
import path from "node:path";
import { parseArgs } from "node:util";

import { seedMarketplace } from "./demo/seed-marketplace.ts";
import { openDatabase } from "./open.ts";

const { values } = parseArgs({
  options: { users: { type: "string", default: "200" }, jobs: { type: "string", default: "500" }, seed: { type: "string" } },
});
const users = Number(values.users);
const jobs = Number(values.jobs);
if (!Number.isInteger(users) || users < 2 || !Number.isInteger(jobs) || jobs < 0) {
  console.error("usage: npm run seed -- --users N (>= 2) --jobs N (>= 0) [--seed S]");
  process.exit(2);
}
const database = process.env.DATABASE_URL
  ? await openDatabase({ databaseUrl: process.env.DATABASE_URL })
  : await openDatabase({ dataDir: path.resolve(process.env.DATA_DIR ?? "./data") });
try {
  await database.migrate();
  const counts = await seedMarketplace(database.db, {
    users,
    jobs,
    seed: values.seed ? Number(values.seed) : Date.now() % 1_000_000,
    log: (message) => console.log(message),
  });
  console.log(`done: ${JSON.stringify(counts)}`);
} finally {
  await database.close();
}
