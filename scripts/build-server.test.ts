// The compiled server (scripts/build-server.ts), as `npm start`, the container and the journeys run it:
// compiled into a folder of its own, started in its own process on this file's migrated database, it
// checks the migrations copied beside it, becomes ready, serves a page read from the database, names our
// source files in its source map, and stops cleanly on SIGTERM.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";

import { openDatabase } from "../db/open.ts";
import { openTestDatabase, type TestDatabase } from "../db/testing/test-database.ts";
import { startServerProcess } from "../server/testing/server-process.ts";
import { buildServer, serverEntry } from "./build-server.ts";

describe("the compiled server", () => {
  let database: TestDatabase;
  let outDir: string;
  let dataDir: string;
  beforeAll(async () => {
    database = await openTestDatabase();
    // Inside the project, as dist/.server is: the packages left out of the bundle are found in node_modules.
    mkdirSync(path.join("node_modules", ".cache"), { recursive: true });
    outDir = mkdtempSync(path.join("node_modules", ".cache", "daywork-server-"));
    dataDir = mkdtempSync(path.join(os.tmpdir(), "daywork-compiled-"));
    if (!database.url) {
      // On PGlite, the embedded database in DATA_DIR made from the migrated template, as a second start finds it.
      const embedded = await openDatabase({ dataDir, loadDataDir: new Blob([readFileSync(inject("pgliteTemplate"))]) });
      await embedded.close();
    }
  });
  afterAll(async () => {
    await database.close();
    rmSync(outDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    "starts from its build, answers /api/ready and a page from the database, and stops on SIGTERM",
    { timeout: 90_000 },
    async () => {
      await buildServer(outDir);
      expect(existsSync(path.join(outDir, "migrations", "meta", "_journal.json"))).toBe(true);
      // Our code's map names our sources; the packages' chunk has none (read at every stack trace otherwise).
      const map = JSON.parse(readFileSync(`${serverEntry(outDir)}.map`, "utf8")) as { sources: string[] };
      expect(map.sources).toContainEqual(expect.stringMatching(/server\/main\.ts$/));
      expect(map.sources.some((source) => source.includes("node_modules"))).toBe(false);
      // What loads at start never imports PGlite: only the embedded database does, later (db/open.ts).
      const atStart = readdirSync(outDir).filter((file) => file === "main.js" || file.startsWith("packages-"));
      expect(atStart).toHaveLength(2);
      for (const file of atStart)
        expect(readFileSync(path.join(outDir, file), "utf8")).not.toMatch(/^import .* from "@electric-sql\/pglite/m);

      const server = await startServerProcess(["--enable-source-maps", serverEntry(outDir)], {
        // Postgres when the tests run on it (this file's own database), else the embedded one; either way
        // the migrator reads the copied migrations to find them applied.
        DATABASE_URL: database.url ?? "",
        NODE_ENV: "production",
        BETTER_AUTH_SECRET: "compiled-secret-compiled-secret-compiled-0",
        DATA_DIR: dataDir,
        STATIC_DIR: path.join(dataDir, "no-static"),
        SEED_DEMO: "false",
        LOG_LEVEL: "info",
        EXCHANGE_RATES_URL: "off",
        SHUTDOWN_DELAY_SECONDS: "0",
      });
      const port = server.port;
      try {
        await server.ready();
        const sitemap = await fetch(`http://127.0.0.1:${port}/sitemap.xml`);
        expect(sitemap.status).toBe(200);
        expect(await sitemap.text()).toContain("<urlset");
        // The instance reports its start step by step (server/ops/start-timings.ts).
        await vi.waitFor(() => expect(server.output()).toContain('"start":{"steps":{"modules"'));
      } finally {
        server.stop();
      }
      expect(await server.exited, server.output()).toBe(0);
    },
  );
});
