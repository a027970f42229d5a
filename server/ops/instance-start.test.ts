// The server from its sources in its own process (server/main.ts, as `npm run serve` runs it; compiled,
// as `npm start` and a deployment run it, in scripts/build-server.test.ts): migrations, its share of the
// background work with the recurring schedules, then listening. Tests build the app in-process with the
// schedules off, so a failure in that path shows only here (a schedule's data once ended the process on
// Postgres before it listened).
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { openTestDatabase, type TestDatabase } from "../../db/testing/test-database.ts";
import { startServerProcess } from "../testing/server-process.ts";

describe("an instance started as in production", () => {
  let database: TestDatabase;
  let dataDir: string;
  beforeAll(async () => {
    database = await openTestDatabase();
    dataDir = await mkdtemp(path.join(os.tmpdir(), "daywork-instance-"));
  });
  afterAll(async () => {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("becomes ready with its background work scheduled, and stops cleanly on SIGTERM", { timeout: 90_000 }, async () => {
    const server = await startServerProcess(["server/main.ts"], {
      // Postgres when the tests run on it (this file's own database), else the embedded database.
      DATABASE_URL: database.url ?? "",
      DATA_DIR: dataDir,
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      EXCHANGE_RATES_URL: "off",
      SHUTDOWN_DELAY_SECONDS: "0",
    });
    try {
      await server.ready();
      // Still up a moment later: a failure in the schedules' first round would end it here.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(server.exitCode(), server.output()).toBeNull();
    } finally {
      server.stop();
    }
    expect(await server.exited).toBe(0);
  });
});
