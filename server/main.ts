import closeWithGrace from "close-with-grace";
import { openDatabase } from "../db/open.ts";
import { seedDemoIfEmpty } from "../db/demo/seed-demo.ts";
import { buildApp } from "./app.ts";
import { createAuth } from "./auth.ts";
import { loadConfig } from "./config.ts";
import { createServices } from "./services.ts";
import { localFileStore } from "./storage/file-store.ts";

const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl
    ? { databaseUrl: config.databaseUrl, maxConnections: config.databasePoolSize }
    : { dataDir: config.dataDir },
);
await database.migrate();

const auth = createAuth({ db: database.db, config });
const services = createServices({ files: localFileStore(config.uploadDir), fileLinkSecret: config.authSecret });
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
  const logins = await seedDemoIfEmpty(database.db, auth);
  if (logins) {
    app.log.info(
      { logins: logins.map((l) => `${l.email} / ${l.password} (${l.role})`) },
      "Embedded database was empty: demo data created. Demo logins:",
    );
  }
}

closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
  if (err) app.log.error({ err }, "shutting down after an error");
  else app.log.info({ signal }, "shutting down");
  await app.close();
  await database.close();
});

await app.listen({ port: config.port, host: config.host });
app.log.info(`Daywork is running at ${config.publicUrl} (database: ${database.kind})`);
