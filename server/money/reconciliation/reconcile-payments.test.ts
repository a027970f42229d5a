import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createEmployer, createWorker } from "../../../db/factories/users.ts";
import { paymentHolds, payouts, reconciliationDifferences } from "../../../db/schema/index.ts";
import { STAND_IN_SELF_EMPLOYED_INN } from "../../payments/open-payments.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import {
  confirmOnStandIn,
  deliveriesDone,
  hireThroughProcedure,
  holdsOf,
  listenForWebhooks,
  throughDayworkJob,
} from "../holds/holds-test-kit.ts";
import { agreePay, payoutCard } from "../payouts/payout-test-kit.ts";
import { reconcilePayments } from "./reconcile-payments.ts";

// The daily reconciliation (docs/decisions/082) against the providers' stand-ins over loopback HTTP: what
// agrees records nothing; money moved at a provider behind the ledger's back is found, once a day.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await listenForWebhooks(t);
});
afterAll(() => t.close());

const warnings: object[] = [];
const deps = () => ({
  ...t.services,
  log: { info: () => undefined, warn: (fields: object) => void warnings.push(fields) },
});

const differencesOf = (subjectId: string) =>
  t.db
    .select({
      field: reconciliationDifferences.field,
      ours: reconciliationDifferences.ours,
      theirs: reconciliationDifferences.theirs,
    })
    .from(reconciliationDifferences)
    .where(eq(reconciliationDifferences.subjectId, subjectId))
    .orderBy(reconciliationDifferences.field);

async function authorisedHold() {
  const { owner, job } = await throughDayworkJob(t, "RUB");
  await hireThroughProcedure(t, job.id, owner.id);
  await t.runBackground();
  const [asked] = await holdsOf(t, job.id);
  if (!asked?.confirmationUrl) throw new Error("no hold to confirm");
  expect(await confirmOnStandIn(asked.confirmationUrl, "4242 4242 4242 4242")).toBe(303);
  await deliveriesDone(t);
  const [held] = await holdsOf(t, job.id);
  expect(held?.status).toBe("authorised");
  return held ?? asked;
}

async function paidPayout() {
  const worker = await createWorker(t.db);
  const employer = await createEmployer(t.db);
  await agreePay(t.db, employer.id, worker.id, "RUB", 250_000n);
  const caller = t.callerAs(worker.id);
  await caller.payouts.addCard(await payoutCard(t.services.payments, "4242 4242 4242 4242"));
  await caller.payouts.checkTaxStatus({ inn: STAND_IN_SELF_EMPLOYED_INN });
  const taken = await caller.payouts.takeNow({ currency: "RUB" });
  await t.runBackground();
  await deliveriesDone(t);
  const [row] = await t.db.select().from(payouts).where(eq(payouts.id, taken.id));
  expect(row?.status).toBe("succeeded");
  return row ?? null;
}

describe("the daily reconciliation", () => {
  it("compares every open hold and recent payout with its provider and records nothing when they agree", async () => {
    const hold = await authorisedHold();
    const payout = await paidPayout();
    const run = await reconcilePayments(t.db, deps());
    expect(run).toMatchObject({ differences: 0, unreachable: 0 });
    expect(run.compared).toBeGreaterThanOrEqual(2);
    expect(await differencesOf(hold.id)).toEqual([]);
    expect(await differencesOf(payout?.id ?? "")).toEqual([]);
  });

  it("finds a capture made at the provider that the ledger never saw, once a day however often it runs", async () => {
    const hold = await authorisedHold();
    const yookassa = t.services.payments?.yookassa;
    const standIn = t.services.payments?.standIns.yookassa;
    if (!yookassa || !standIn || !hold.providerHoldId) throw new Error("no YooKassa");
    // Captured in the provider's dashboard, say, with its notification lost.
    const target = standIn.notifications.target;
    standIn.notifications.target = null;
    const captured = await yookassa.payments.capture({
      holdId: hold.providerHoldId,
      amount: 100_000,
      currency: "RUB",
      idempotencyKey: `outside:${hold.id}`,
    });
    standIn.notifications.target = target;
    expect(captured.ok).toBe(true);

    warnings.length = 0;
    const first = await reconcilePayments(t.db, deps());
    expect(first.differences).toBeGreaterThanOrEqual(3);
    expect(await differencesOf(hold.id)).toEqual([
      { field: "captured", ours: "0", theirs: "100000" },
      { field: "ledger", ours: "0", theirs: "100000" },
      { field: "status", ours: "authorised", theirs: "captured" },
    ]);
    expect(warnings).toEqual([expect.objectContaining({ differences: first.differences })]);

    await reconcilePayments(t.db, deps());
    expect(await differencesOf(hold.id)).toHaveLength(3);
    const [row] = await t.db.select().from(paymentHolds).where(eq(paymentHolds.id, hold.id));
    expect(row?.status).toBe("authorised");
  });

  it("counts a provider that does not answer as unreachable, not as a difference", async () => {
    await authorisedHold();
    const standIn = t.services.payments?.standIns.yookassa;
    if (!standIn) throw new Error("no YooKassa stand-in");
    standIn.faults.failNext = 1_000;
    try {
      const run = await reconcilePayments(t.db, deps());
      expect(run.unreachable).toBeGreaterThan(0);
    } finally {
      standIn.faults.failNext = 0;
    }
  });
});
