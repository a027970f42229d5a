import closeWithGrace from "close-with-grace";

import { openDatabase } from "../db/open.ts";
import { buildApp } from "./app.ts";
import { createAuth } from "./auth.ts";
import { loadConfig } from "./config.ts";
import { seedDemoIfEmpty } from "./demo/seed-demo.ts";
import { createMailer } from "./mail/create-mailer.ts";
import { startBackgroundQueue } from "./queue/background-queue.ts";
import { backgroundHandlers } from "./queue/handlers.ts";
import { createChatBus } from "./realtime/create-chat-bus.ts";
import { createUserEventBus } from "./realtime/user-events.ts";
import { createServices, jsonLinesLog } from "./services.ts";
import { localFileStore } from "./storage/file-store.ts";
import { createTranslator } from "./translate/create-translator.ts";

const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl ? { databaseUrl: config.databaseUrl, maxConnections: config.databasePoolSize } : { dataDir: config.dataDir },
);
await database.migrate();

const services = createServices({
  files: localFileStore(config.uploadDir),
  fileLinkSecret: config.authSecret,
  translator: createTranslator(config.translate),
  chatBus: await createChatBus(database.sql),
  queue: await startBackgroundQueue(database.queue, { log: jsonLinesLog }),
  userEvents: await createUserEventBus(database),
  mailer: createMailer(config, jsonLinesLog),
});
const auth = createAuth({ db: database.db, config, mail: { mailer: services.mailer, log: services.log } });
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

if (config.seedDemo && database.kind === "pglite") {
  const logins = await seedDemoIfEmpty(database.db, auth, (message) => app.log.info(message));
  if (logins) {
    app.log.info(
      { logins: logins.map((l) => `${l.email} / ${l.password} (${l.role})`) },
      "Embedded database was empty: demo data created. Demo logins:",
    );
  }
}

// This instance's share of the background work (notifications, reminders, file removal); any number
// of instances may run it, each job runs once.
await services.queue.work(backgroundHandlers(database.db, services, config));

closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
  if (err) app.log.error({ err }, "shutting down after an error");
  else app.log.info({ signal }, "shutting down");
  await app.close();
  await services.queue.stop();
  await services.chatBus.close();
  await services.userEvents.close();
  await services.mailer.close();
  await database.close();
});

await app.listen({ port: config.port, host: config.host });
app.log.info(`Daywork is running at ${config.publicUrl} (database: ${database.kind})`);
