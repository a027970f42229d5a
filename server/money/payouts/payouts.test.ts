import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { queryRows } from "../../../db/database.ts";
import { createEmployer, createWorker } from "../../../db/factories/users.ts";
import { notifications, payouts } from "../../../db/schema/index.ts";
import { ERR } from "../../../domain/errors.ts";
import { TAX_CHECK_RATE } from "../../../domain/payouts.ts";
import { STAND_IN_SELF_EMPLOYED_INN } from "../../payments/open-payments.ts";
import { submitCard } from "../../payments/stand-ins/webhook-inbox.ts";
import { refusal } from "../../testing/refusal.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { workerBalance } from "../ledger/worker-money.ts";
import { runAutoPayouts } from "./auto-payouts.ts";
import { applyPayoutEvent } from "./payout-events.ts";
import { agreePay, payoutCard } from "./payout-test-kit.ts";
import { pollPendingPayouts, sendPayout } from "./send-payout.ts";

// Payouts end to end on Postgres against the providers' stand-ins over loopback HTTP: the methods,
// the self-employed check, "take it now", the send job, settling by poll or by notification.

let t: TestApp;
let employer: string;
beforeAll(async () => {
  t = await createTestApp({ env: { PAYMENT_TIMEOUT_MS: "300" } });
  employer = (await createEmployer(t.db)).id;
});
afterAll(() => t.close());

const standIn = () => {
  const found = t.services.payments?.standIns.yookassa;
  if (!found) throw new Error("no YooKassa stand-in");
  return found;
};
const deps = () => ({ ...t.services, log: { info: () => undefined, warn: () => undefined } });

/** A worker with `amountMinor` roubles agreed, a card from the stand-in's form and the self-employed status. */
async function selfEmployedWorker(amountMinor: bigint, card = "5555 5555 5555 4477") {
  const worker = (await createWorker(t.db)).id;
  await agreePay(t.db, employer, worker, "RUB", amountMinor);
  const caller = t.callerAs(worker);
  await caller.payouts.addCard(await payoutCard(t.services.payments, card));
  expect(await caller.payouts.checkTaxStatus({ inn: STAND_IN_SELF_EMPLOYED_INN })).toMatchObject({ status: "self_employed" });
  return { worker, caller };
}

async function balanceOf(worker: string, currency = "RUB") {
  return (await workerBalance(t.db, worker)).find((b) => b.currency === currency);
}

/** The provider's view of a payout, as a verified notification would carry it. */
async function providerEvent(payoutId: string) {
  const [row] = await t.db.select().from(payouts).where(eq(payouts.id, payoutId));
  const ykPayouts = t.services.payments?.yookassa?.payouts;
  if (!row?.providerPayoutId || !ykPayouts) throw new Error("payout not sent");
  const seen = await ykPayouts.get(row.providerPayoutId);
  if (!seen.ok) throw new Error(seen.detail);
  const type = seen.value.status === "succeeded" ? ("payout.succeeded" as const) : ("payout.failed" as const);
  return { kind: "payout" as const, eventId: `${type}:${seen.value.id}`, type, payout: seen.value };
}

describe("take it now, in roubles to a self-employed worker's card", () => {
  it("pays once, registers the tax receipt, settles the ledger and tells the worker", async () => {
    const { worker, caller } = await selfEmployedWorker(480_000n);
    const overview = await caller.payouts.overview();
    expect(overview.money).toEqual([expect.objectContaining({ currency: "RUB", available: "4800.00", aboveMinimum: true })]);
    expect(overview.methods).toEqual([
      expect.objectContaining({ kind: "card_token", label: "MasterCard •••• 4477", isDefault: true }),
    ]);
    expect(overview.tax).toMatchObject({ status: "self_employed", innEnding: "2259" });

    const taken = await caller.payouts.takeNow({ currency: "RUB" });
    expect(taken).toMatchObject({ amount: "4800.00", status: "pending" });
    expect(await balanceOf(worker)).toMatchObject({ availableToPayOut: 0n, inTransit: 480_000n });

    await t.runBackground();
    const [sent] = await t.db.select().from(payouts).where(eq(payouts.id, taken.id));
    expect(sent).toMatchObject({ status: "pending", withReceipt: true, idempotencyKey: `payout:${taken.id}` });
    expect(sent?.providerPayoutId).toMatch(/^po-/);

    // No notification reached us: the status sweep asks, once the payout is old enough.
    const later = new Date(Date.now() + 11 * 60_000);
    expect(await pollPendingPayouts(t.db, deps(), later)).toBe(1);
    expect(await pollPendingPayouts(t.db, deps(), later)).toBe(0);

    const [history] = await caller.payouts.history();
    expect(history).toMatchObject({ status: "succeeded", amount: "4800.00", failureReason: null });
    expect(history?.receiptUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/npd\/receipts\/\w+$/);
    expect(await balanceOf(worker)).toMatchObject({ availableToPayOut: 0n, inTransit: 0n, paidOut: 480_000n });
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, worker));
    expect(told.map((n) => n.payload)).toEqual([
      { kind: "payout_paid", payoutId: taken.id, amount: "4800.00", currency: "RUB", receiptUrl: history?.receiptUrl },
    ]);

    // A replayed notification after the sweep settled it moves nothing.
    expect(await t.db.transaction(async (tx) => applyPayoutEvent(tx, t.services, await providerEvent(taken.id)))).toEqual({
      applied: false,
    });
  });

  it("refuses what cannot be paid, with a translated reason", async () => {
    const worker = (await createWorker(t.db)).id;
    const caller = t.callerAs(worker);
    expect(await refusal(caller.payouts.takeNow({ currency: "RUB" }))).toEqual({
      code: "CONFLICT",
      key: ERR.payoutMethodMissing,
    });
    await caller.payouts.addCard(await payoutCard(t.services.payments, "4242 4242 4242 4242"));
    expect(await refusal(caller.payouts.takeNow({ currency: "RUB" }))).toEqual({
      code: "CONFLICT",
      key: ERR.payoutTaxStatusRequired,
    });
    // Not self-employed: recorded and said, and roubles still wait for the status.
    expect(await caller.payouts.checkTaxStatus({ inn: "773370857141" })).toMatchObject({ status: "not_self_employed" });
    expect(await refusal(caller.payouts.takeNow({ currency: "RUB" }))).toEqual({
      code: "CONFLICT",
      key: ERR.payoutTaxStatusRequired,
    });
    expect(await refusal(caller.payouts.checkTaxStatus({ inn: "500100732250" }))).toEqual({
      code: "BAD_REQUEST",
      key: ERR.innInvalid,
    });
    await caller.payouts.checkTaxStatus({ inn: STAND_IN_SELF_EMPLOYED_INN });
    await agreePay(t.db, employer, worker, "RUB", 99_99n);
    expect(await refusal(caller.payouts.takeNow({ currency: "RUB" }))).toEqual({ code: "CONFLICT", key: ERR.payoutBelowMinimum });
    expect(await refusal(caller.payouts.takeNow({ currency: "KZT" as "RUB" }))).toEqual({
      code: "BAD_REQUEST",
      key: ERR.payoutCurrency,
    });
    expect(await refusal(caller.payouts.takeNow({ currency: "EUR" }))).toEqual({
      code: "CONFLICT",
      key: ERR.payoutMethodMissing,
    });
    // The tax service away: said, nothing stored changes.
    const tax = t.services.payments?.standIns.taxStatus;
    if (tax) tax.limitNext.count = 1;
    expect(await refusal(caller.payouts.checkTaxStatus({ inn: STAND_IN_SELF_EMPLOYED_INN }))).toEqual({
      code: "SERVICE_UNAVAILABLE",
      key: ERR.taxStatusUnavailable,
    });
  });
});

describe("the self-employed check", () => {
  it("asks the tax service at most TAX_CHECK_RATE times an hour per person", async () => {
    const caller = t.callerAs((await createWorker(t.db)).id);
    for (let i = 0; i < TAX_CHECK_RATE.limit; i++) await caller.payouts.checkTaxStatus({ inn: "773370857141" });
    expect(await refusal(caller.payouts.checkTaxStatus({ inn: STAND_IN_SELF_EMPLOYED_INN }))).toEqual({
      code: "TOO_MANY_REQUESTS",
      key: ERR.tooManyRequests,
    });
    expect((await caller.payouts.overview()).tax).toMatchObject({ status: "not_self_employed" });
  });
});

describe("the fast payment system", () => {
  it("pays a phone at a listed bank, settled once by its notification however often it comes", async () => {
    const { worker, caller } = await selfEmployedWorker(150_000n);
    const banks = await caller.payouts.sbpBanks();
    const bank = banks[1];
    if (!bank) throw new Error("no banks");
    expect(await refusal(caller.payouts.addSbp({ phone: "+7 912 345-67-89", bankId: "999" }))).toEqual({
      code: "BAD_REQUEST",
      key: ERR.payoutBankUnknown,
    });
    expect(await refusal(caller.payouts.addSbp({ phone: "12345", bankId: bank.bankId }))).toEqual({
      code: "BAD_REQUEST",
      key: ERR.payoutPhoneInvalid,
    });
    const sbp = await caller.payouts.addSbp({ phone: "8 (912) 345-67-89", bankId: bank.bankId });
    expect(sbp).toMatchObject({ kind: "sbp", label: `+7 ••• •••-67-89 · ${bank.name}`, isDefault: false });

    const taken = await caller.payouts.takeNow({ currency: "RUB", methodId: sbp.id });
    await t.runBackground();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const event = await providerEvent(taken.id);
    expect(event.type).toBe("payout.succeeded");
    const apply = () => t.db.transaction((tx) => applyPayoutEvent(tx, t.services, event));
    expect(await Promise.all([apply(), apply(), apply()])).toEqual(
      expect.arrayContaining([{ applied: true }, { applied: false }, { applied: false }]),
    );
    expect(await balanceOf(worker)).toMatchObject({ paidOut: 150_000n, inTransit: 0n, availableToPayOut: 0n });
    const [done] = await caller.payouts.history();
    expect(done).toMatchObject({ status: "succeeded", methodKind: "sbp" });

    // A forged event for the same payout with another amount finds it settled; one for nothing finds nothing.
    const forged = { ...event, payout: { ...event.payout, amount: 1, reference: "00000000-0000-4000-8000-000000000000" } };
    expect(await t.db.transaction((tx) => applyPayoutEvent(tx, t.services, forged))).toEqual({ applied: false });
  });
});

describe("failed payouts", () => {
  it("give the money back to take again, with the reason, for a declined card and a provider short of funds", async () => {
    const { worker, caller } = await selfEmployedWorker(200_000n, "4000 0000 0000 0002");
    const declined = await caller.payouts.takeNow({ currency: "RUB" });
    await t.runBackground();
    await t.db.transaction(async (tx) => applyPayoutEvent(tx, t.services, await providerEvent(declined.id)));
    expect(await balanceOf(worker)).toMatchObject({ availableToPayOut: 200_000n, inTransit: 0n, paidOut: 0n });
    expect((await caller.payouts.history())[0]).toMatchObject({ status: "failed", failureReason: "declined" });
    const [notice] = await t.db.select().from(notifications).where(eq(notifications.userId, worker));
    expect(notice?.payload).toMatchObject({ kind: "payout_failed", reason: "declined", amount: "2000.00" });

    // Another card, and the provider's payout balance runs short.
    const card = await caller.payouts.addCard(await payoutCard(t.services.payments, "4242 4242 4242 4242"));
    await caller.payouts.setDefault({ methodId: card.id });
    const balance = standIn().payoutBalance.minor;
    standIn().payoutBalance.minor = 100;
    const short = await caller.payouts.takeNow({ currency: "RUB" });
    await t.runBackground();
    await t.db.transaction(async (tx) => applyPayoutEvent(tx, t.services, await providerEvent(short.id)));
    standIn().payoutBalance.minor = balance;
    expect((await caller.payouts.history())[0]).toMatchObject({ status: "failed", failureReason: "insufficient_funds" });
    expect(await balanceOf(worker)).toMatchObject({ availableToPayOut: 200_000n, inTransit: 0n });
  });

  it("a forged card token is refused by the provider at once, and the money is back", async () => {
    const { worker, caller } = await selfEmployedWorker(300_000n);
    const forged = await caller.payouts.addCard({ token: "pt-forged", last4: "0000", cardType: "" });
    const taken = await caller.payouts.takeNow({ currency: "RUB", methodId: forged.id });
    expect(await sendPayout(t.db, deps(), taken.id)).toBe("settled");
    expect((await caller.payouts.history())[0]).toMatchObject({ status: "failed", failureReason: "invalid_payout_method" });
    expect(await balanceOf(worker)).toMatchObject({ availableToPayOut: 300_000n });
  });
});

describe("a provider that does not answer in time", () => {
  it("is asked again with the same key, and pays once", async () => {
    const { worker, caller } = await selfEmployedWorker(250_000n);
    const taken = await caller.payouts.takeNow({ currency: "RUB" });
    const before = standIn().payoutBalance.minor;
    // The stand-in acts after the adapter gave up (300 ms): the outcome is unknown to us.
    standIn().faults.latencyMs = 600;
    await expect(sendPayout(t.db, deps(), taken.id)).rejects.toThrow(/outcome unknown/);
    await new Promise((resolve) => setTimeout(resolve, 500));
    standIn().faults.latencyMs = 0;
    expect(await sendPayout(t.db, deps(), taken.id)).toBe("pending");
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Sent once known: the job's next run asks how it stands instead of sending again.
    expect(await sendPayout(t.db, deps(), taken.id)).toBe("settled");
    expect(standIn().payoutBalance.minor).toBe(before - 250_000);
    expect(await balanceOf(worker)).toMatchObject({ paidOut: 250_000n, inTransit: 0n });
  });
});

describe("euros through a Stripe Connect account", () => {
  it("onboards on Stripe's page, then transfers once", async () => {
    const worker = (await createWorker(t.db)).id;
    const caller = t.callerAs(worker);
    await agreePay(t.db, employer, worker, "EUR", 12_050n);
    const { url } = await caller.payouts.connect({ currency: "EUR" });
    const [method] = (await caller.payouts.overview()).methods;
    expect(method).toMatchObject({ kind: "connected_account", ready: false, isDefault: true });
    expect(await refusal(caller.payouts.takeNow({ currency: "EUR" }))).toEqual({
      code: "CONFLICT",
      key: ERR.payoutMethodNotReady,
    });
    expect((await submitCard(url, "4242 4242 4242 4242")).status).toBe(303);
    expect(await caller.payouts.refreshMethod({ methodId: method?.id ?? "" })).toMatchObject({ ready: true });

    const taken = await caller.payouts.takeNow({ currency: "EUR" });
    await t.runBackground();
    expect((await caller.payouts.history())[0]).toMatchObject({ status: "succeeded", amount: "120.50", receiptUrl: null });
    expect(await balanceOf(worker, "EUR")).toMatchObject({ paidOut: 12_050n, availableToPayOut: 0n });
    const [row] = await t.db.select().from(payouts).where(eq(payouts.id, taken.id));
    expect(row?.providerPayoutId).toMatch(/^tr_/);
  });
});

describe("a hundred racing 'take it now'", () => {
  it("ask one payout, for all the money, and queue one send", async () => {
    const { worker } = await selfEmployedWorker(1_000_000n);
    const attempts = await Promise.allSettled(
      Array.from({ length: 100 }, () => t.callerAs(worker).payouts.takeNow({ currency: "RUB" })),
    );
    const through = attempts.filter((a) => a.status === "fulfilled");
    expect(through).toHaveLength(1);
    for (const refused of attempts.filter((a) => a.status === "rejected")) {
      expect(await refusal(Promise.reject(refused.reason))).toEqual({ code: "CONFLICT", key: ERR.payoutBelowMinimum });
    }
    const rows = await queryRows<{ n: number; total: string }>(
      t.db,
      sql`select count(*)::int as n, sum(amount_minor)::text as total from payouts po
          join ledger_parties party on party.id = po.party_id where party.user_id = ${worker}`,
    );
    expect(rows[0]).toEqual({ n: 1, total: "1000000" });
    expect(await balanceOf(worker)).toMatchObject({ availableToPayOut: 0n, inTransit: 1_000_000n });
  });
});

describe("methods", () => {
  it("are listed, made default and removed by their owner only, not while a payout is on its way", async () => {
    const { worker, caller } = await selfEmployedWorker(100_000n);
    const second = await caller.payouts.addCard(await payoutCard(t.services.payments, "4242 4242 4242 4242"));
    const [first] = (await caller.payouts.overview()).methods.filter((m) => m.id !== second.id);
    if (!first) throw new Error("no first card");
    const stranger = t.callerAs((await createWorker(t.db)).id);
    expect(await refusal(stranger.payouts.removeMethod({ methodId: first.id }))).toEqual({
      code: "NOT_FOUND",
      key: ERR.notFound,
    });
    expect(await refusal(stranger.payouts.setDefault({ methodId: first.id }))).toEqual({ code: "NOT_FOUND", key: ERR.notFound });

    await caller.payouts.takeNow({ currency: "RUB" });
    expect(await refusal(caller.payouts.removeMethod({ methodId: first.id }))).toEqual({
      code: "CONFLICT",
      key: ERR.payoutMethodInUse,
    });
    await caller.payouts.removeMethod({ methodId: second.id });
    expect((await caller.payouts.overview()).methods.map((m) => m.id)).toEqual([first.id]);
    expect(worker).toBeTruthy();
  });
});

describe("the daily automatic payout", () => {
  it("pays out the workers who turned it on and have the minimum, each once, and nobody else", async () => {
    const on = await selfEmployedWorker(120_000n);
    const off = await selfEmployedWorker(120_000n);
    const tooLittle = await selfEmployedWorker(50_00n);
    for (const { caller } of [on, tooLittle])
      expect(await caller.payouts.setAutoPayout({ enabled: true })).toEqual({ autoPayout: true });
    // Whoever else turned it on earlier in this file has nothing left, or no method: only `on` is due.
    expect(await runAutoPayouts(t.db, deps())).toBe(1);
    expect(await runAutoPayouts(t.db, deps())).toBe(0);
    expect((await on.caller.payouts.history())[0]).toMatchObject({ automatic: true, amount: "1200.00", status: "pending" });
    expect(await off.caller.payouts.history()).toEqual([]);
    expect(await tooLittle.caller.payouts.history()).toEqual([]);
    expect(await balanceOf(on.worker)).toMatchObject({ availableToPayOut: 0n, inTransit: 120_000n });
  });
});

describe("without payout providers (production with no credentials)", () => {
  it("says payouts in the currency are not available, and offers no method", async () => {
    const bare = await createTestApp({ services: { payments: null } });
    try {
      const worker = (await createWorker(bare.db)).id;
      await agreePay(bare.db, (await createEmployer(bare.db)).id, worker, "RUB", 500_000n);
      const caller = bare.callerAs(worker);
      expect(await caller.payouts.overview()).toMatchObject({
        money: [{ currency: "RUB", available: "5000.00", hasProvider: false }],
        providers: { yookassa: false, stripe: false },
      });
      expect(await caller.payouts.cardForm()).toEqual({ url: null });
      expect(await refusal(caller.payouts.takeNow({ currency: "RUB" }))).toEqual({ code: "CONFLICT", key: ERR.payoutNoProvider });
      expect(await refusal(caller.payouts.sbpBanks())).toEqual({ code: "CONFLICT", key: ERR.payoutNoProvider });
    } finally {
      await bare.close();
    }
  });
});
