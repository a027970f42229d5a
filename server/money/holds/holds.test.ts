import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { queryRows } from "../../../db/database.ts";
import { dateFromToday } from "../../../db/factories/jobs.ts";
import { notifications, providerEvents } from "../../../db/schema/index.ts";
import { ERR } from "../../../domain/errors.ts";
import { HOLD_ASK_DAYS_BEFORE_LAST_DAY } from "../../../domain/planned-cost.ts";
import { addDays, instantAt } from "../../../domain/wall-clock.ts";
import { currentCode, jobSecret } from "../../attendance/code.ts";
import { expectRefusal } from "../../testing/refusal.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { authoriseHold } from "./authorise-hold.ts";
import {
  accountSum,
  agreeDay,
  confirmOnStandIn,
  deliveriesDone,
  hireThroughProcedure,
  holdsOf,
  ledgerOf,
  listenForWebhooks,
  throughDayworkJob,
} from "./holds-test-kit.ts";
import { askHoldWhenDue } from "./settle-holds.ts";

// Employers' pay held before the shift (issue 39 item 3, docs/decisions/079), end to end against the
// providers' stand-ins over loopback HTTP: hires ask holds, the employer confirms on the provider's page,
// its notification secures the workers' pay, the job starts, and its end captures what is owed.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await listenForWebhooks(t);
});
afterAll(() => t.close());

// 500 an hour × 8 planned hours × 2 days = 8,000.00 per worker, and the 10 % fee: 8,800.00.
const PER_WORKER = 880_000n;

const kindsFor = (userId: string) =>
  t.db
    .select({ kind: notifications.kind })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .then((rows) => rows.map((r) => r.kind));

describe.each([
  { currency: "RUB" as const, provider: "yookassa" },
  { currency: "EUR" as const, provider: "stripe" },
])("a job paid through Daywork in $currency ($provider)", ({ currency, provider }) => {
  it("holds the hired workers' planned pay, gates the start on it, and captures what is owed at the end", async () => {
    const { owner, job } = await throughDayworkJob(t, currency);
    const a = await hireThroughProcedure(t, job.id, owner.id);
    const b = await hireThroughProcedure(t, job.id, owner.id);

    // Each hire asked for what was not yet covered: one hold per worker.
    let holds = await holdsOf(t, job.id);
    expect(holds.map((h) => [h.status, h.amountMinor])).toEqual([
      ["requested", PER_WORKER],
      ["requested", PER_WORKER],
    ]);
    expect(await t.callerAs(owner.id).holds.forJob({ jobId: job.id })).toMatchObject({ state: "asking" });

    await t.runBackground();
    holds = await holdsOf(t, job.id);
    expect(holds.map((h) => [h.status, h.provider])).toEqual([
      ["pending_confirmation", provider],
      ["pending_confirmation", provider],
    ]);
    expect(await kindsFor(owner.id)).toContain("payment_hold_requested");
    const waiting = await t.callerAs(owner.id).holds.forJob({ jobId: job.id });
    expect(waiting).toMatchObject({ role: "owner", state: "waiting", planned: "17600.00", held: "0.00", hoursPerDay: 8 });
    expect(await t.callerAs(a.worker.id).holds.forJob({ jobId: job.id })).toEqual({
      role: "worker",
      secured: false,
      hoursPerDay: 8,
    });

    const mine = async (workerId: string) =>
      (await t.callerAs(workerId).jobs.mine({ view: "applied" })).items.find((j) => j.id === job.id)?.paySecured;
    expect(await mine(a.worker.id)).toBe(false);

    // Not held yet: the job cannot start.
    await expectRefusal(
      t.callerAs(owner.id).jobs.changeStatus({ jobId: job.id, action: "start" }),
      "CONFLICT",
      ERR.payNotSecured,
    );

    for (const hold of holds) expect(await confirmOnStandIn(hold.confirmationUrl ?? "", "4242 4242 4242 4242")).toBe(303);
    await deliveriesDone(t);
    holds = await holdsOf(t, job.id);
    expect(holds.map((h) => h.status)).toEqual(["authorised", "authorised"]);
    expect(await accountSum(t, job.id, "card_hold")).toBe(2n * PER_WORKER);
    expect(await t.callerAs(owner.id).holds.forJob({ jobId: job.id })).toMatchObject({ state: "secured", held: "17600.00" });
    for (const w of [a, b]) {
      expect(await t.callerAs(w.worker.id).holds.forJob({ jobId: job.id })).toEqual({
        role: "worker",
        secured: true,
        hoursPerDay: 8,
      });
    }
    await t.runBackground();
    expect((await kindsFor(a.worker.id)).filter((k) => k === "pay_secured")).toHaveLength(1);
    // Their list of jobs says so too.
    expect(await mine(a.worker.id)).toBe(true);

    await t.callerAs(owner.id).jobs.changeStatus({ jobId: job.id, action: "start" });
    // One day of 8 hours each agreed (4,000.00 and the fee: 4,400.00 each): 8,800.00 owed in all.
    for (const w of [a, b]) {
      await agreeDay(t, {
        jobId: job.id,
        ownerId: owner.id,
        workerId: w.worker.id,
        amountMinor: 400_000n,
        currency,
        key: `test:${w.application.id}`,
      });
    }
    await t.callerAs(owner.id).jobs.changeStatus({ jobId: job.id, action: "complete" });
    await t.runBackground();
    await deliveriesDone(t);

    holds = await holdsOf(t, job.id);
    expect(holds.map((h) => [h.status, h.capturedMinor])).toEqual([
      ["captured", 880_000n],
      ["canceled", null],
    ]);
    expect(await accountSum(t, job.id, "employer_receivable")).toBe(0n);
    expect(await accountSum(t, job.id, "provider_cash")).toBe(880_000n);
    expect(await accountSum(t, job.id, "card_hold")).toBe(0n);
    expect(await accountSum(t, job.id, "hold_secured")).toBe(0n);
    const causes = (await ledgerOf(t, job.id)).map((r) => r.cause);
    expect(causes.filter((c) => c === "captured")).toHaveLength(1);
    expect(causes.filter((c) => c === "hold_released")).toHaveLength(1);
    expect(await t.callerAs(owner.id).holds.forJob({ jobId: job.id })).toMatchObject({ state: "ended" });
  });
});

describe("a provider's notifications", () => {
  it("twice, or newest first, move nothing twice", async () => {
    const standIn = t.services.payments?.standIns.yookassa;
    if (!standIn) throw new Error("no stand-in");
    const { owner, job } = await throughDayworkJob(t);
    await hireThroughProcedure(t, job.id, owner.id);
    await t.runBackground();
    const [hold] = await holdsOf(t, job.id);
    standIn.notifications.mode = { twice: true, reorder: true };
    try {
      await confirmOnStandIn(hold?.confirmationUrl ?? "", "5555 5555 5555 4477");
      standIn.notifications.flush();
      await deliveriesDone(t);
    } finally {
      standIn.notifications.mode = { twice: false, reorder: false };
    }
    expect((await holdsOf(t, job.id)).map((h) => h.status)).toEqual(["authorised"]);
    const keys = (await ledgerOf(t, job.id)).map((r) => r.key);
    expect(keys).toEqual([`hold:${hold?.id}:authorised`]);
    const events = await t.db
      .select()
      .from(providerEvents)
      .where(eq(providerEvents.eventId, `hold.authorised:${hold?.providerHoldId}`));
    expect(events).toHaveLength(1);
  });

  it("a declined card fails the hold, tells the employer why, and a retry asks a new one", async () => {
    const { owner, job } = await throughDayworkJob(t);
    await hireThroughProcedure(t, job.id, owner.id);
    await t.runBackground();
    const [hold] = await holdsOf(t, job.id);
    await confirmOnStandIn(hold?.confirmationUrl ?? "", "4000 0000 0000 0002");
    await deliveriesDone(t);
    expect((await holdsOf(t, job.id)).map((h) => [h.status, h.failureReason])).toEqual([["failed", "declined"]]);
    expect(await t.callerAs(owner.id).holds.forJob({ jobId: job.id })).toMatchObject({
      state: "failed",
      failureReason: "declined",
    });
    expect(await kindsFor(owner.id)).toContain("payment_hold_failed");

    await t.callerAs(owner.id).holds.retry({ jobId: job.id });
    await expectRefusal(t.callerAs(owner.id).holds.retry({ jobId: job.id }), "CONFLICT", ERR.payHoldNotNeeded);
    await t.runBackground();
    const holds = await holdsOf(t, job.id);
    expect(holds.map((h) => h.status)).toEqual(["failed", "pending_confirmation"]);
    expect(holds[1]?.idempotencyKey).not.toBe(holds[0]?.idempotencyKey);
  });

  it("forged or unsigned ones are refused or not current, and move nothing", async () => {
    const { owner, job } = await throughDayworkJob(t);
    await hireThroughProcedure(t, job.id, owner.id);
    await t.runBackground();
    const [hold] = await holdsOf(t, job.id);
    // A YooKassa body claiming the payment is held while it still waits for the payer: fetched again, not current.
    const forged = await t.app.inject({
      method: "POST",
      url: "/api/payments/webhooks/yookassa",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({
        type: "notification",
        event: "payment.waiting_for_capture",
        object: { id: hold?.providerHoldId },
      }),
    });
    expect([forged.statusCode, forged.json()]).toEqual([200, { outcome: "not_current" }]);
    const unsigned = await t.app.inject({
      method: "POST",
      url: "/api/payments/webhooks/stripe",
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=00" },
      payload: JSON.stringify({
        id: "evt_1",
        type: "payment_intent.amount_capturable_updated",
        data: { object: { id: "pi_1" } },
      }),
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await holdsOf(t, job.id)).map((h) => h.status)).toEqual(["pending_confirmation"]);
    expect(await ledgerOf(t, job.id)).toEqual([]);
  });
});

describe("a hired worker who leaves", () => {
  it("gives up their secured share, and a new hire is secured from it without a new hold", async () => {
    const { owner, job } = await throughDayworkJob(t);
    const a = await hireThroughProcedure(t, job.id, owner.id);
    await t.runBackground();
    const [hold] = await holdsOf(t, job.id);
    await confirmOnStandIn(hold?.confirmationUrl ?? "", "4242424242424242");
    await deliveriesDone(t);
    expect(await accountSum(t, job.id, "card_hold")).toBe(PER_WORKER);

    await t.callerAs(a.worker.id).applications.withdraw({ jobId: job.id });
    expect(await accountSum(t, job.id, "card_hold")).toBe(0n);
    const b = await hireThroughProcedure(t, job.id, owner.id);
    expect(await holdsOf(t, job.id)).toHaveLength(1);
    expect(await accountSum(t, job.id, "card_hold")).toBe(PER_WORKER);
    expect(await t.callerAs(b.worker.id).holds.forJob({ jobId: job.id })).toMatchObject({ secured: true });
    await expect(t.callerAs(a.worker.id).holds.forJob({ jobId: job.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    const payments = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, b.worker.id), eq(notifications.kind, "pay_secured")));
    expect(payments).toHaveLength(1);
  });
});

describe("a job whose last day is further than a hold lasts", () => {
  it("asks the hold 6 days before its last day, and says so", async () => {
    const { owner, job } = await throughDayworkJob(t, "RUB", { startDate: dateFromToday(10), durationDays: 3 });
    await hireThroughProcedure(t, job.id, owner.id);
    expect(await holdsOf(t, job.id)).toEqual([]);
    const askOn = addDays(addDays(job.startDate, 2), -HOLD_ASK_DAYS_BEFORE_LAST_DAY);
    expect(await t.callerAs(owner.id).holds.forJob({ jobId: job.id })).toMatchObject({ state: "later", askOn });
    // Queued with the hire, to run at midnight of that day in the job's zone.
    const [queued] = await queryRows<{ start_after: string }>(
      t.db,
      sql`select to_char(start_after at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as start_after from pgboss.job where name = 'payment-hold-ask' and data->>'jobId' = ${job.id}`,
    );
    expect(queued?.start_after).toBe(instantAt(askOn, "00:00", "Europe/Moscow").toISOString());

    // The scheduled job runs on that day: the hold is asked then.
    const deps = { db: t.db, queue: t.services.queue, payments: t.services.payments, publicUrl: t.config.publicUrl };
    await askHoldWhenDue({ ...deps, now: () => new Date() }, job.id);
    expect(await holdsOf(t, job.id)).toEqual([]);
    await askHoldWhenDue({ ...deps, now: () => instantAt(askOn, "12:00", "UTC") }, job.id);
    expect((await holdsOf(t, job.id)).map((h) => [h.status, h.amountMinor])).toEqual([["requested", 1_320_000n]]);
  });
});

describe("a currency no configured provider takes", () => {
  it("fails the hold with that reason, and the employer is told", async () => {
    const { owner, job } = await throughDayworkJob(t, "GBP");
    await hireThroughProcedure(t, job.id, owner.id);
    const [hold] = await holdsOf(t, job.id);
    const deps = { db: t.db, queue: t.services.queue, payments: null, publicUrl: t.config.publicUrl, now: () => new Date() };
    await authoriseHold(deps, hold?.id ?? "");
    expect(await t.callerAs(owner.id).holds.forJob({ jobId: job.id })).toMatchObject({
      state: "failed",
      failureReason: "no_provider",
    });
    expect(await kindsFor(owner.id)).toContain("payment_hold_failed");
  });
});

describe("the first shift of a job whose pay is not held", () => {
  it("gives the owner no check-in code and the worker no check-in, each told why", async () => {
    const { owner, job } = await throughDayworkJob(t, "RUB", { startTime: "00:00", cityId: null });
    const a = await hireThroughProcedure(t, job.id, owner.id);
    await expectRefusal(t.callerAs(owner.id).attendance.code({ jobId: job.id }), "CONFLICT", ERR.payNotSecured);
    const code = currentCode(await jobSecret(t.db, job.id), new Date());
    await expectRefusal(t.callerAs(a.worker.id).attendance.checkIn({ jobId: job.id, code }), "CONFLICT", ERR.payNotSecuredWorker);
  });
});

describe("a job that cost more than was held", () => {
  it("captures the whole hold, keeps the rest owed, and tells the employer once", async () => {
    const { owner, job } = await throughDayworkJob(t, "RUB", { durationDays: 1 });
    const a = await hireThroughProcedure(t, job.id, owner.id);
    await t.runBackground();
    const [hold] = await holdsOf(t, job.id);
    await confirmOnStandIn(hold?.confirmationUrl ?? "", "4242 4242 4242 4242");
    await deliveriesDone(t);
    // 10 hours agreed instead of the 8 planned: 5,000.00 and the fee, 5,500.00; 4,400.00 was held.
    await agreeDay(t, {
      jobId: job.id,
      ownerId: owner.id,
      workerId: a.worker.id,
      amountMinor: 500_000n,
      currency: "RUB",
      key: `long:${a.application.id}`,
    });
    await t.callerAs(owner.id).jobs.changeStatus({ jobId: job.id, action: "complete" });
    await t.runBackground();
    await deliveriesDone(t);
    expect((await holdsOf(t, job.id)).map((h) => [h.status, h.capturedMinor])).toEqual([["captured", 440_000n]]);
    expect(await accountSum(t, job.id, "employer_receivable")).toBe(110_000n);
    expect(await accountSum(t, job.id, "card_hold")).toBe(0n);
    const told = await t.db
      .select({ payload: notifications.payload })
      .from(notifications)
      .where(and(eq(notifications.userId, owner.id), eq(notifications.kind, "payment_shortfall")));
    expect(told.map((n) => n.payload)).toEqual([
      { kind: "payment_shortfall", jobId: job.id, jobTitle: job.title, amount: "1100.00", currency: "RUB" },
    ]);
  });
});

describe("a card Stripe declined", () => {
  it("fails the hold, and another card on the same page still secures the pay", async () => {
    const { owner, job } = await throughDayworkJob(t, "USD");
    const a = await hireThroughProcedure(t, job.id, owner.id);
    await t.runBackground();
    const [hold] = await holdsOf(t, job.id);
    await confirmOnStandIn(hold?.confirmationUrl ?? "", "4000 0000 0000 9995");
    await deliveriesDone(t);
    expect((await holdsOf(t, job.id)).map((h) => [h.status, h.failureReason])).toEqual([["failed", "insufficient_funds"]]);
    await confirmOnStandIn(hold?.confirmationUrl ?? "", "4242 4242 4242 4242");
    await deliveriesDone(t);
    expect((await holdsOf(t, job.id)).map((h) => [h.status, h.failureReason])).toEqual([["authorised", null]]);
    expect(await t.callerAs(a.worker.id).holds.forJob({ jobId: job.id })).toMatchObject({ secured: true });
  });
});
