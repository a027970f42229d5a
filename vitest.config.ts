import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["{domain,db,server,src,scripts,messages}/**/*.test.{ts,tsx}"],
    globalSetup: ["./db/testing/global-setup.ts"],
    setupFiles: ["./db/testing/fail-on-console.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // PGlite is memory-hungry and the machines have two cores.
    maxWorkers: 2,
  },
});
