import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { notifications, providerEvents } from "../../../db/schema/index.ts";
import { WEBHOOK_PATHS } from "../../payments/webhook-urls.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
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
import { settleJobHolds } from "./settle-holds.ts";

// The races of docs/decisions/079 on Postgres: one event delivered by many at once is applied once, and
// captures racing each other (and the provider's own notification of the capture) capture once.
let t: TestApp;
let webhookTarget: string | null = null;
beforeAll(async () => {
  t = await createTestApp();
  await listenForWebhooks(t);
  webhookTarget = t.services.payments?.standIns.yookassa?.notifications.target ?? null;
});
afterAll(() => t.close());

const yookassa = () => {
  const standIn = t.services.payments?.standIns.yookassa;
  if (!standIn) throw new Error("no YooKassa stand-in");
  return standIn;
};

/** A RUB job with one hired worker whose hold waits for the payer. */
async function waitingHold() {
  const { owner, job } = await throughDayworkJob(t);
  const hired = await hireThroughProcedure(t, job.id, owner.id);
  await t.runBackground();
  const [hold] = await holdsOf(t, job.id);
  if (!hold?.providerHoldId || !hold.confirmationUrl) throw new Error("the hold was not asked");
  return { owner, job, hired, hold: { ...hold, providerHoldId: hold.providerHoldId, confirmationUrl: hold.confirmationUrl } };
}

describe("one notification delivered 100 times at once", () => {
  it("is applied once: one event row, one posting, one notice", async () => {
    const { job, hired, hold } = await waitingHold();
    // The payer confirms while the stand-in sends nothing; then 100 deliveries of its notification race.
    yookassa().notifications.target = null;
    try {
      await confirmOnStandIn(hold.confirmationUrl, "4242 4242 4242 4242");
    } finally {
      yookassa().notifications.target = webhookTarget;
    }
    const body = JSON.stringify({
      type: "notification",
      event: "payment.waiting_for_capture",
      object: { id: hold.providerHoldId },
    });
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        t.app.inject({
          method: "POST",
          url: WEBHOOK_PATHS.yookassa,
          headers: { "content-type": "application/json" },
          payload: body,
        }),
      ),
    );
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([200]));
    const outcomes = answers.map((a) => (a.json() as { outcome: string }).outcome);
    expect(outcomes.filter((o) => o === "applied")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "duplicate")).toHaveLength(99);
    expect(
      await t.db
        .select()
        .from(providerEvents)
        .where(eq(providerEvents.eventId, `hold.authorised:${hold.providerHoldId}`)),
    ).toHaveLength(1);
    expect((await ledgerOf(t, job.id)).map((r) => r.key)).toEqual([`hold:${hold.id}:authorised`]);
    const notices = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, hired.worker.id), eq(notifications.kind, "pay_secured")));
    expect(notices).toHaveLength(1);
  });
});

describe("captures racing", () => {
  it("capture once, 100 rounds of two racers (and the provider's notification)", async () => {
    const deps = {
      db: t.db,
      queue: t.services.queue,
      payments: t.services.payments,
      publicUrl: t.config.publicUrl,
      now: t.services.now,
    };
    for (let round = 0; round < 100; round++) {
      const { owner, job, hired, hold } = await waitingHold();
      await confirmOnStandIn(hold.confirmationUrl, "4242 4242 4242 4242");
      await deliveriesDone(t);
      await agreeDay(t, {
        jobId: job.id,
        ownerId: owner.id,
        workerId: hired.worker.id,
        amountMinor: 400_000n,
        currency: "RUB",
        key: `race:${hold.id}`,
      });
      await Promise.all([settleJobHolds(deps, job.id), settleJobHolds(deps, job.id)]);
      await deliveriesDone(t);
      const [after] = await holdsOf(t, job.id);
      expect([after?.status, after?.capturedMinor]).toEqual(["captured", 440_000n]);
      const payment = yookassa().payments.get(hold.providerHoldId);
      expect([payment?.status, payment?.amount.value]).toEqual(["succeeded", "4400.00"]);
      const causes = (await ledgerOf(t, job.id)).map((r) => r.cause);
      expect(causes.filter((c) => c === "captured")).toHaveLength(1);
      expect(await accountSum(t, job.id, "provider_cash")).toBe(440_000n);
      expect(await accountSum(t, job.id, "card_hold")).toBe(0n);
    }
  }, 240_000);
});
