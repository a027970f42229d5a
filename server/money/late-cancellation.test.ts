import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { queryRows } from "../../db/database.ts";
import { createAcceptedApplication } from "../../db/factories/hiring.ts";
import { createJob, type NewJob } from "../../db/factories/jobs.ts";
import { createEmployer, createWorker } from "../../db/factories/users.ts";
import { jobApplications, ledgerTransactions, notifications, profiles } from "../../db/schema/index.ts";
import { instantAt } from "../../domain/attendance.ts";
import { ERR } from "../../domain/errors.ts";
import { expectRefusal } from "../testing/refusal.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { payLateCancellation } from "./late-cancellation.ts";
import { jobMoney } from "./ledger/job-money.ts";
import { workerBalance } from "./ledger/worker-money.ts";

// A late cancellation is paid (issue 39 item 6, docs/decisions/078): an employer who cancels less than 24
// hours before a hired worker's shift owes them 4 hours at the job's rate, posted with the cancellation.
const ZONE = "Europe/Moscow";
const START = "2030-03-11";
let clock = new Date();
let t: TestApp;
let owner: { id: string };
beforeAll(async () => {
  t = await createTestApp({ services: { now: () => clock } });
  owner = await createEmployer(t.db);
});
afterAll(() => t.close());
// 15 hours before the first shift (09:00 on START, in the job's zone): a late cancellation.
beforeEach(() => {
  clock = instantAt("2030-03-10", "18:00", ZONE);
});

/** A two-day job in Moscow at 450.50 an hour from 09:00 on START, with `workers` hired for every day. */
async function hiredJob(input: NewJob, workers = 1) {
  const job = await createJob(t.db, owner.id, {
    startDate: START,
    startTime: "09:00",
    durationDays: 2,
    hourlyRate: 450.5,
    currency: "RUB",
    maxWorkers: 3,
    partialDays: true,
    ...input,
  });
  const hired = [];
  for (let i = 0; i < workers; i++) {
    const worker = await createWorker(t.db);
    hired.push({ worker, application: await createAcceptedApplication(t.db, job.id, worker.id) });
  }
  return { job, hired };
}

const cancel = (jobId: string, by = owner.id) => t.callerAs(by).jobs.changeStatus({ jobId, action: "cancel" });

const compensations = (jobId: string) =>
  t.db
    .select({ key: ledgerTransactions.idempotencyKey, causeRef: ledgerTransactions.causeRef })
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.jobId, jobId), eq(ledgerTransactions.cause, "cancellation_compensation")));

const noticesOf = async (userId: string) =>
  (
    await t.db
      .select({ payload: notifications.payload })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.kind, "cancellation_compensation")))
  ).map((n) => n.payload);

describe("an employer's late cancellation through Daywork", () => {
  it("owes each worker whose next day is less than a day away 4 hours' pay, in the money book, and tells them", async () => {
    const { job, hired } = await hiredJob({ payMode: "through_daywork" }, 2);
    const [early, later] = hired;
    if (!early || !later) throw new Error("two workers were hired");
    // The second worker comes on the second day only: 39 hours away, not late.
    await t.db
      .update(jobApplications)
      .set({ days: ["2030-03-12"] })
      .where(eq(jobApplications.id, later.application.id));

    expect((await cancel(job.id)).status).toBe("cancelled");

    expect(await compensations(job.id)).toEqual([
      { key: `compensation:${early.application.id}:${START}`, causeRef: early.application.id },
    ]);
    // 4 × 450.50 = 1,802.00 roubles; no fee on compensation (docs/decisions/076).
    expect(await workerBalance(t.db, early.worker.id)).toEqual([
      expect.objectContaining({ currency: "RUB", earned: 180_200n, availableToPayOut: 180_200n, directOwed: 0n }),
    ]);
    expect(await jobMoney(t.db, job.id)).toEqual([
      expect.objectContaining({ compensation: 180_200n, fee: 0n, outstanding: 180_200n, directOwed: 0n }),
    ]);
    expect(await noticesOf(early.worker.id)).toEqual([
      {
        kind: "cancellation_compensation",
        jobId: job.id,
        jobTitle: job.title,
        shiftDate: START,
        amount: "1802.00",
        currency: "RUB",
        payMode: "through_daywork",
      },
    ]);
    expect(await workerBalance(t.db, later.worker.id)).toEqual([]);
    expect(await noticesOf(later.worker.id)).toEqual([]);
  });

  it("is posted once: the same cancellation judged again writes and tells nothing more", async () => {
    const { job, hired } = await hiredJob({ payMode: "through_daywork" });
    await cancel(job.id);
    const again = await t.db.transaction((tx) =>
      payLateCancellation(tx, t.services.queue, { jobId: job.id, ownerId: owner.id, now: clock }),
    );
    expect(again).toBe(0);
    expect(await compensations(job.id)).toHaveLength(1);
    expect(await noticesOf(hired[0]?.worker.id ?? "")).toHaveLength(1);
  });

  it("owes nothing 24 hours or more before the shift", async () => {
    const { job, hired } = await hiredJob({ payMode: "through_daywork" });
    clock = instantAt("2030-03-10", "09:00", ZONE);
    await cancel(job.id);
    expect(await compensations(job.id)).toEqual([]);
    expect(await noticesOf(hired[0]?.worker.id ?? "")).toEqual([]);
  });

  it("refuses anyone but the owner as if the job did not exist, and posts nothing", async () => {
    const { job } = await hiredJob({ payMode: "through_daywork" });
    for (const stranger of [await createEmployer(t.db), await createWorker(t.db)]) {
      await expectRefusal(cancel(job.id, stranger.id), "NOT_FOUND", ERR.jobNotFound);
    }
    expect(await compensations(job.id)).toEqual([]);
  });
});

describe("an employer's late cancellation of a job paid directly", () => {
  it("records what the employer owes in the direct book, moves no money, and tells the worker who pays", async () => {
    const { job, hired } = await hiredJob({ payMode: "direct" });
    const worker = hired[0]?.worker;
    if (!worker) throw new Error("a worker was hired");
    await cancel(job.id);
    expect(await workerBalance(t.db, worker.id)).toEqual([
      expect.objectContaining({ earned: 0n, availableToPayOut: 0n, directOwed: 180_200n }),
    ]);
    expect(await jobMoney(t.db, job.id)).toEqual([expect.objectContaining({ compensation: 180_200n, directOwed: 180_200n })]);
    expect(await noticesOf(worker.id)).toEqual([expect.objectContaining({ amount: "1802.00", payMode: "direct" })]);
  });

  it("posts nothing for a job without a rate, and tells the worker they are owed 4 hours at the agreed rate", async () => {
    const { job, hired } = await hiredJob({ payMode: "direct", hourlyRate: null });
    await cancel(job.id);
    expect(await compensations(job.id)).toEqual([]);
    expect(await noticesOf(hired[0]?.worker.id ?? "")).toEqual([
      expect.objectContaining({ shiftDate: START, amount: null, payMode: "direct" }),
    ]);
  });

  it("pays in the direct book a job through Daywork whose owner's account is no longer an employer's", async () => {
    const switched = await createEmployer(t.db);
    const job = await createJob(t.db, switched.id, {
      startDate: START,
      startTime: "09:00",
      hourlyRate: 450.5,
      payMode: "through_daywork",
    });
    const worker = await createWorker(t.db);
    await createAcceptedApplication(t.db, job.id, worker.id);
    await t.db.update(profiles).set({ userType: "worker" }).where(eq(profiles.id, switched.id));
    await cancel(job.id, switched.id);
    expect(await workerBalance(t.db, worker.id)).toEqual([expect.objectContaining({ earned: 0n, directOwed: 180_200n })]);
    // The books still balance (the database checked each transaction at commit).
    const [sum] = await queryRows<{ total: string }>(
      t.db,
      sql`select coalesce(sum(amount_minor), 0)::text as total from ledger_postings`,
    );
    expect(sum?.total).toBe("0");
  });
});
