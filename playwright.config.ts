import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

import { CHROMIUM_FLAGS, CHROMIUM_HEADLESS_SHELL_PATH, CHROMIUM_PATH } from "./e2e/chromium.ts";

// One fresh server for the run: on an empty embedded database in a temporary folder unless
// E2E_DATABASE_URL names a Postgres database. Workers inherit these variables from the main process.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "daywork-e2e-"));
// "Today" for the journeys (e2e/support.ts localToday, the date picker) is Kazan's, the default job's city,
// at any hour the suite runs: on the machine's UTC, a one-day job there has ended from 21:00.
const JOURNEY_TIME_ZONE = "Europe/Moscow";
process.env.TZ = JOURNEY_TIME_ZONE;
// And one for the journeys that move the server's clock (E2E_MOVABLE_CLOCK), so that the others need not
// wait for them: on a database of its own (made afresh by e2e/moved-clock-server.ts), mailing into the
// same local inbox (e2e/support.ts reads it; every journey's addresses are its own).
process.env.E2E_CLOCK_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "daywork-e2e-clock-"));
const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://localhost:${port}`;
const clockPort = port + 1;
const clockURL = `http://localhost:${clockPort}`;
const clockDatabaseUrl =
  process.env.E2E_DATABASE_URL && withDatabaseName(process.env.E2E_DATABASE_URL, (name) => `${name}_clock`);
const MOVED_CLOCK = ["**/two-day-job.e2e.ts", "**/hired-for-some-days.e2e.ts"];
// What only the full browser has: the headless shell denies notifications before anyone is asked.
const FULL_BROWSER = "**/push.e2e.ts";
// The longest journeys, queued first so that no worker is left with one of them at the end.
const LONGEST = ["**/moderation.e2e.ts", "**/navigation.e2e.ts", "**/hiring.e2e.ts"];

function withDatabaseName(url: string, rename: (name: string) => string): string {
  const u = new URL(url);
  u.pathname = `/${rename(u.pathname.slice(1))}`;
  return u.toString();
}

/** What both servers are started with; each adds its port, folder and database. */
const serverEnv = {
  STATIC_DIR: process.env.E2E_STATIC_DIR ?? "./dist",
  SEED_DEMO: "false",
  AUTH_RATE_LIMIT: "false",
  LOG_LEVEL: "warn",
  NODE_ENV: "test",
  // The servers keep the machine's zone, as a deployment's: only the journeys read "today" in Kazan's.
  TZ: "UTC",
  E2E_MOVABLE_CLOCK: "true",
  // Journeys post from accounts made a minute ago, some with a link for the map: only a request to
  // pay holds a post for review (docs/decisions/069), which e2e/moderation.e2e.ts's scam job makes
  // and no other journey's text does (server/moderation/holds.test.ts tests every rule).
  HOLD_RULES: "payment_request",
  BETTER_AUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-e2e-0000",
  MAIL_DIR: path.join(process.env.E2E_DATA_DIR, "mail"),
};

export default defineConfig({
  testDir: "./e2e",
  testMatch: "**/*.e2e.ts",
  outputDir: "./e2e/.artifacts",
  // Journeys share one server: two run at once, a file each, the longest first. The ones that move the
  // server's clock share the other server, one at a time. They run in Chromium's headless shell, as
  // Playwright's own headless runs do, but for what only the full browser has.
  fullyParallel: false,
  workers: 2,
  projects: [
    { name: "longest journeys", testMatch: LONGEST },
    { name: "moved clock", testMatch: MOVED_CLOCK, workers: 1, use: { baseURL: clockURL } },
    { name: "journeys", testIgnore: [...LONGEST, ...MOVED_CLOCK, FULL_BROWSER] },
    {
      name: "full browser",
      testMatch: FULL_BROWSER,
      use: { launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS } },
    },
  ],
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL,
    locale: "ru-RU",
    timezoneId: JOURNEY_TIME_ZONE,
    // Without animations, whose frames Chromium composites in software here: the suite takes 8.3 min, not 10.5.
    reducedMotion: "reduce",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: { executablePath: CHROMIUM_HEADLESS_SHELL_PATH, args: CHROMIUM_FLAGS },
  },
  webServer: [
    // As `npm start` runs it: the compiled server (dist/.server), compiled again first if its sources changed.
    journeyServer("scripts/start.ts", port, process.env.E2E_DATA_DIR, process.env.E2E_DATABASE_URL),
    journeyServer("e2e/moved-clock-server.ts", clockPort, process.env.E2E_CLOCK_DATA_DIR, clockDatabaseUrl),
  ],
});

/** One of the journeys' servers: `script` on `serverPort`, on `databaseUrl` or embedded in `dataDir`. */
function journeyServer(script: string, serverPort: number, dataDir: string | undefined, databaseUrl: string | undefined) {
  const url = `http://localhost:${serverPort}`;
  return {
    command: `node_modules/.bin/node ${script}`,
    url: `${url}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
    env: {
      ...serverEnv,
      PORT: String(serverPort),
      PUBLIC_URL: url,
      DATA_DIR: dataDir ?? "",
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
  };
}
