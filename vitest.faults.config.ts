import { defineConfig } from "vitest/config";

// The fault suite (npm run test:faults, docs/decisions/067): each file starts a deployment of its own
// (a throwaway Postgres, S3 and SMTP peers, two instance processes) and breaks it. One file at a time:
// the instances, Postgres and the test share two cores, and the checks measure how fast answers come.
export default defineConfig({
  test: {
    include: ["faults/**/*.fault.test.ts"],
    setupFiles: ["./db/testing/fail-on-console.ts"],
    fileParallelism: false,
    pool: "forks",
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
