import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    setupFiles: ["./db/testing/fail-on-console.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // PGlite is memory-hungry and the machines have two cores.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: "server",
          include: ["{db,server,scripts,messages}/**/*.test.{ts,tsx}"],
          globalSetup: ["./db/testing/global-setup.ts"],
          // The files of a worker share their modules instead of importing the server again each, which took
          // 40-60% of the run (173 s against 100 s on Postgres, 364 s against 146 s on PGlite). Each file
          // still opens its own database; state kept in a module must not depend on which file ran first.
          isolate: false,
        },
      },
      {
        test: {
          name: "app",
          // Each file in modules of its own: these tests stand in for a browser's Intl, whose answers the
          // modules keep for the process (domain/intl-locale.ts).
          include: ["{domain,src}/**/*.test.{ts,tsx}"],
        },
      },
    ],
  },
});
