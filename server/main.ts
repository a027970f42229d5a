import closeWithGrace from "close-with-grace";

import { openDatabase } from "../db/open.ts";
import { buildApp } from "./app.ts";
import { createAuth } from "./auth.ts";
import { backgroundHandlers } from "./background-work.ts";
import { loadConfig } from "./config.ts";
import { seedDemoIfEmpty } from "./demo/seed-demo.ts";
import { startServices } from "./instance-services.ts";
import { shutDown } from "./ops/shutdown.ts";
import { startTimings } from "./ops/start-timings.ts";
import { createFileStore } from "./storage/create-file-store.ts";

// Each step's time and CPU, logged once listening: what a replacement instance costs (decision 066).
const timings = startTimings();
timings.step("modules");
const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl
    ? { databaseUrl: config.databaseUrl, maxConnections: config.databasePoolSize, timeouts: config.databaseTimeouts }
    : { dataDir: config.dataDir },
);
timings.step("database");
await database.migrate();
timings.step("migrations");

// End-to-end journeys over several days move this clock (NODE_ENV=test only); otherwise real time.
const clock = config.movableClock ? (await import("./testing/movable-clock.ts")).movableClock() : null;
const services = await startServices(database, config, {
  files: createFileStore(config),
  ...(clock ? { overrides: { now: clock.now } } : {}),
});
timings.step("services");
const auth = createAuth({ db: database.db, config, mail: { queue: services.queue, log: services.log } });
const app = await buildApp({
  config,
  db: database.db,
  auth,
  services,
  logger: {
    level: config.logLevel,
    ...(process.stdout.isTTY && config.env !== "production" ? { transport: { target: "pino-pretty" } } : {}),
  },
});

timings.step("app");

// A journey that moves the clock has the reminders due at the new time written at once.
clock?.register(app, () => services.queue.send(database.db, "job-reminders", {}));

if (config.seedDemo && database.kind === "pglite") {
  const logins = await seedDemoIfEmpty(database.db, auth, (message) => app.log.info(message));
  if (logins) {
    app.log.info(
      { logins: logins.map((l) => `${l.email} / ${l.password} (${l.role})`) },
      "Embedded database was empty: demo data created. Demo logins:",
    );
  }
}

timings.step("demo");

// This instance's share of the background work (notifications, reminders, file removal); any number
// of instances may run it, each job runs once.
await services.queue.work(backgroundHandlers(database.db, services, config));
timings.step("workers");

// SIGTERM/SIGINT: /api/ready fails, then the instance stops without dropping work (server/ops/shutdown.ts).
// Past the delay plus 25 s (requests, sockets and a running job have had theirs) it exits anyway;
// give the container at least that long before it is killed (docs/deploy.md).
const delaySeconds = config.shutdownDelaySeconds;
closeWithGrace({ delay: (delaySeconds + 25) * 1000 }, async ({ err, signal }) => {
  if (err) app.log.error({ err }, "shutting down after an error");
  else app.log.info({ signal }, "shutting down");
  await shutDown({ app, services, database, delaySeconds });
});

await app.listen({ port: config.port, host: config.host });
timings.step("listen");
app.log.info({ start: timings.report() }, `Daywork is running at ${config.publicUrl} (database: ${database.kind})`);
