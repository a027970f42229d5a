// npm run seed -- --users N --jobs N [--seed S]: fills the configured database (DATABASE_URL, else the
// embedded one in DATA_DIR) with a realistic marketplace.
import { parseArgs } from "node:util";

import { seedMarketplace } from "./demo/seed-marketplace.ts";
import { openConfiguredDatabase } from "./open.ts";

const { values } = parseArgs({
  options: { users: { type: "string", default: "200" }, jobs: { type: "string", default: "500" }, seed: { type: "string" } },
});
const users = Number(values.users);
const jobs = Number(values.jobs);
if (!Number.isInteger(users) || users < 2 || !Number.isInteger(jobs) || jobs < 0) {
  console.error("usage: npm run seed -- --users N (>= 2) --jobs N (>= 0) [--seed S]");
  process.exit(2);
}
const database = await openConfiguredDatabase();
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
