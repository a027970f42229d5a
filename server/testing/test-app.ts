import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import { openTestDatabase } from "../../db/testing/test-database.ts";
import { buildApp, type AppDeps } from "../app.ts";
import { createAuth } from "../auth.ts";
import { backgroundHandlers } from "../background-work.ts";
import { loadConfig } from "../config.ts";
import { startServices, stopServices } from "../instance-services.ts";
import type { Services } from "../services.ts";
import { localFileStore } from "../storage/file-store.ts";
import { createContext } from "../trpc/context.ts";
import { createCallerFactory } from "../trpc/init.ts";
import { appRouter } from "../trpc/router.ts";

/** The address test apps believe they serve: requests "from our pages" carry it as their Origin. */
export const TEST_ORIGIN = "http://localhost:3000";

export type TestAppOptions = {
  rateLimit?: boolean;
  services?: Partial<Services>;
  env?: Record<string, string>;
  /**
   * `manual` (default): background jobs wait until the test calls `runBackground()`; `workers`: this
   * app polls and runs them like a server does (tests of several instances).
   */
  background?: "manual" | "workers";
  /** The app's request logger (a test that reads log lines passes a stream); silent by default. */
  logger?: AppDeps["logger"];
  /** The WebSocket guard's limits and heartbeat, smaller or faster than the app's. */
  socketGuard?: AppDeps["socketGuard"];
  /** The shared socket limit's lease, shorter than the app's. */
  socketPlaces?: AppDeps["socketPlaces"];
};

/** A complete app on a fresh database, silent logs, for one test file. Call `close()` in afterAll. */
export async function createTestApp(options: TestAppOptions = {}) {
  const database = await openTestDatabase();
  // The local inbox (no SMTP_URL) writes here; a test that passes env.SMTP_URL sends over SMTP instead.
  const mailDir = await mkdtemp(path.join(os.tmpdir(), "daywork-mail-"));
  const config = loadConfig({
    NODE_ENV: "test",
    PUBLIC_URL: TEST_ORIGIN,
    DATA_DIR: "./.data-test",
    BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
    AUTH_RATE_LIMIT: options.rateLimit ? "true" : "false",
    STATIC_DIR: "./.data-test/no-static",
    // No micro-cache of visitor pages: a test that changes data sees it on the next request.
    VISITOR_PAGE_CACHE_MS: "0",
    LOG_LEVEL: "silent",
    MAIL_DIR: mailDir,
    // The push service stand-in (server/testing/push-service.ts) is a push service here.
    PUSH_EXTRA_SERVICE_HOSTS: "push.test",
    // Test accounts are minutes old and post often: a test of holds names the rules it runs (docs/decisions/069).
    HOLD_RULES: "none",
    ...options.env,
  });
  const uploadDir = await mkdtemp(path.join(os.tmpdir(), "daywork-uploads-"));
  const silent = { info: () => {}, warn: () => {} };
  const workers = options.background === "workers";
  // Silent, like the request logs; a test that reads log lines passes its own.
  const services = await startServices(database, config, {
    files: localFileStore(uploadDir),
    log: silent,
    queue: { schedule: false, pollingSeconds: 0.5 },
    overrides: options.services,
  });
  const queue = services.queue;
  const auth = createAuth({ db: database.db, config, mail: { queue: services.queue, log: services.log } });
  const app = await buildApp({
    config,
    db: database.db,
    auth,
    services,
    logger: options.logger ?? (options.env?.LOG_LEVEL === "debug" ? { level: "debug" } : false),
    socketGuard: options.socketGuard,
    socketPlaces: options.socketPlaces,
  });
  await app.ready();
  const createCaller = createCallerFactory(appRouter);
  const handlers = backgroundHandlers(database.db, services, config);
  if (workers) await queue.work(handlers);

  return {
    app,
    db: database.db,
    database,
    auth,
    config,
    services,
    uploadDir,
    /** The local inbox's folder (mails as JSON files), when the app has no SMTP_URL. */
    mailDir,
    /** A tRPC caller whose context is built from these headers, like a real request's. */
    async callerWithHeaders(headers: Record<string, string> = {}) {
      return createCaller(await createContext({ db: database.db, auth, config, services }, headers, undefined, app.log));
    },
    /** A tRPC caller signed in as `userId` (a person made by the db factories), without HTTP. */
    callerAs(userId: string | null) {
      const person = userId ? { id: userId, email: `${userId}@example.com`, name: userId, sessionId: "test" } : null;
      return createCaller({
        db: database.db,
        auth,
        config,
        services,
        user: person,
        headers: {},
        language: "en",
        socket: null,
        log: app.log,
        metrics: null,
      });
    },
    /** Runs every background job that is due now (notifications, digests, file removal); answers how many ran. */
    runBackground: () => queue.runDue(handlers),
    async close() {
      await app.close();
      await stopServices(services);
      await database.close();
      await rm(uploadDir, { recursive: true, force: true });
      await rm(mailDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
