// The server from its sources in its own process (server/main.ts, as `npm run serve` runs it; compiled,
// as `npm start` and a deployment run it, in scripts/build-server.test.ts): migrations, its share of the
// background work with the recurring schedules, then listening. Tests build the app in-process with the
// schedules off, so a failure in that path shows only here (a schedule's data once ended the process on
// Postgres before it listened).
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { openTestDatabase, type TestDatabase } from "../../db/testing/test-database.ts";
import { freePort } from "../testing/free-port.ts";

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
    const port = await freePort();
    const output: string[] = [];
    const server = spawn(process.execPath, ["server/main.ts"], {
      env: {
        ...process.env,
        // Postgres when the tests run on it (this file's own database), else the embedded database.
        ...(database.url ? { DATABASE_URL: database.url } : { DATABASE_URL: "" }),
        PORT: String(port),
        HOST: "127.0.0.1",
        PUBLIC_URL: `http://localhost:${port}`,
        DATA_DIR: dataDir,
        SEED_DEMO: "false",
        LOG_LEVEL: "warn",
        EXCHANGE_RATES_URL: "off",
        SHUTDOWN_DELAY_SECONDS: "0",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    server.stdout.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    server.stderr.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    const exited = new Promise<number | null>((resolve) => server.on("exit", (code) => resolve(code)));
    try {
      await vi.waitFor(
        async () => {
          if (server.exitCode !== null) throw new Error(`the server ended (${server.exitCode}):\n${output.join("")}`);
          const ready = await fetch(`http://127.0.0.1:${port}/api/ready`).then(
            (res) => res.status,
            () => 0,
          );
          expect(ready).toBe(200);
        },
        { timeout: 60_000, interval: 250 },
      );
      // Still up a moment later: a failure in the schedules' first round would end it here.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(server.exitCode, output.join("")).toBeNull();
    } finally {
      server.kill("SIGTERM");
    }
    expect(await exited).toBe(0);
  });
});
