import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { queryRows } from "../../db/database.ts";
import { openTestDatabase, type TestDatabase } from "../../db/testing/test-database.ts";
import { BACKGROUND_JOBS } from "../background-jobs.ts";
import { startBackgroundQueue } from "./background-queue.ts";

const quiet = { info: () => {}, warn: () => {} };

describe("the background queue as an instance starts it", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => database.close());

  // Tests start the queue without schedules; an instance starts it with them. pg-boss hands the
  // schedule's data ({}) to the driver as an object, which postgres.js could not bind: the process died.
  it("registers its recurring work and keeps running", async () => {
    const queue = await startBackgroundQueue(database.queue, BACKGROUND_JOBS, { log: quiet, schedule: true });
    try {
      const rows = await queryRows<{ name: string; data: unknown }>(
        database.db,
        sql`select name, data from pgboss.schedule order by name`,
      );
      expect(rows.map((row) => row.name)).toEqual([
        "auto-payouts",
        "deleted-account-expiry",
        "ended-jobs",
        "exchange-rates",
        "file-deletions",
        "idempotent-answers",
        "job-reminders",
        "payments-reconcile",
        "payout-status",
        "saved-search-digests",
        "timesheet-deadlines",
      ]);
      expect(rows.every((row) => JSON.stringify(row.data) === "{}")).toBe(true);
    } finally {
      await queue.stop();
    }
  });
});
