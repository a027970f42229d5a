import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import { openTestDatabase } from "../../db/testing/test-database.ts";
import { buildApp } from "../app.ts";
import { createAuth } from "../auth.ts";
import { loadConfig } from "../config.ts";
import { createChatBus } from "../realtime/create-chat-bus.ts";
import { createServices, type Services } from "../services.ts";
import { localFileStore } from "../storage/file-store.ts";
import { createTranslator } from "../translate/create-translator.ts";
import { createContext } from "../trpc/context.ts";
import { createCallerFactory } from "../trpc/init.ts";
import { appRouter } from "../trpc/router.ts";

/** The address test apps believe they serve: requests "from our pages" carry it as their Origin. */
export const TEST_ORIGIN = "http://localhost:3000";

export type TestAppOptions = { rateLimit?: boolean; services?: Partial<Services>; env?: Record<string, string> };

/** A complete app on a fresh database, silent logs, for one test file. Call `close()` in afterAll. */
export async function createTestApp(options: TestAppOptions = {}) {
  const database = await openTestDatabase();
  const config = loadConfig({
    NODE_ENV: "test",
    PUBLIC_URL: TEST_ORIGIN,
    DATA_DIR: "./.data-test",
    BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
    AUTH_RATE_LIMIT: options.rateLimit ? "true" : "false",
    STATIC_DIR: "./.data-test/no-static",
    LOG_LEVEL: "silent",
    ...options.env,
  });
  const auth = createAuth({ db: database.db, config });
  const uploadDir = await mkdtemp(path.join(os.tmpdir(), "daywork-uploads-"));
  const services = createServices(
    {
      files: localFileStore(uploadDir),
      fileLinkSecret: config.authSecret,
      translator: createTranslator(config.translate),
      chatBus: options.services?.chatBus ?? (await createChatBus(database.sql)),
      // Silent, like the request logs; a test that reads log lines passes its own.
      log: { info: () => {}, warn: () => {} },
    },
    options.services,
  );
  const app = await buildApp({
    config,
    db: database.db,
    auth,
    services,
    logger: options.env?.LOG_LEVEL === "debug" ? { level: "debug" } : false,
  });
  await app.ready();
  const createCaller = createCallerFactory(appRouter);

  return {
    app,
    db: database.db,
    database,
    auth,
    config,
    services,
    uploadDir,
    /** A tRPC caller whose context is built from these headers, like a real request's. */
    async callerWithHeaders(headers: Record<string, string> = {}) {
      return createCaller(await createContext({ db: database.db, auth, config, services }, headers));
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
        socket: null,
      });
    },
    async close() {
      await app.close();
      await services.chatBus.close();
      await database.close();
      await rm(uploadDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
