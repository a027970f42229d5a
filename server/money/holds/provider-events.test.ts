import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { providerEvents } from "../../../db/schema/index.ts";
import { WEBHOOK_BODY_LIMIT } from "../../http/payment-webhooks.ts";
import type { Hold } from "../../payments/payment-provider.ts";
import type { ProviderEvent } from "../../payments/webhook-event.ts";
import { WEBHOOK_PATHS } from "../../payments/webhook-urls.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import {
  accountSum,
  confirmOnStandIn,
  deliveriesDone,
  hireThroughProcedure,
  holdsOf,
  listenForWebhooks,
  throughDayworkJob,
} from "./holds-test-kit.ts";
import { applyProviderEvent, type ProviderEventHandlers } from "./provider-events.ts";

// How provider events are dispatched (docs/decisions/079): payouts to the handler app.ts plugs in, never
// dropped without one; a held hold that lapses stops counting in the ledger; the routes take small bodies only.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await listenForWebhooks(t);
});
afterAll(() => t.close());

const services = () => ({ queue: t.services.queue, now: () => new Date() });
const payoutEvent = (id: string): ProviderEvent => ({
  kind: "payout",
  eventId: `payout.succeeded:${id}`,
  type: "payout.succeeded",
  payout: { id, status: "succeeded", currency: "RUB", amount: 100, failure: null, reference: null, receipt: null },
});

describe("a payout event", () => {
  it("without a payout handler is unhandled and recorded nowhere, so the provider delivers it again", async () => {
    const event = payoutEvent("po-unhandled");
    const outcome = await t.db.transaction((tx) => applyProviderEvent(tx, services(), "yookassa", event, { payout: null }));
    expect(outcome).toBe("unhandled");
    expect(await t.db.select().from(providerEvents).where(eq(providerEvents.eventId, event.eventId))).toEqual([]);
  });

  it("goes to the plugged-in handler once, however often it arrives", async () => {
    const seen: string[] = [];
    const handlers: ProviderEventHandlers = {
      payout: async (_tx, _services, provider, event) => {
        seen.push(`${provider}:${event.payout.id}`);
        return "applied";
      },
    };
    const event = payoutEvent("po-handled");
    for (let i = 0; i < 3; i++) await t.db.transaction((tx) => applyProviderEvent(tx, services(), "yookassa", event, handlers));
    expect(seen).toEqual(["yookassa:po-handled"]);
  });
});

describe("a held hold that lapses at the provider", () => {
  it("fails with its reason and no longer counts as held while the job runs", async () => {
    const { owner, job } = await throughDayworkJob(t);
    await hireThroughProcedure(t, job.id, owner.id);
    await t.runBackground();
    const [asked] = await holdsOf(t, job.id);
    await confirmOnStandIn(asked?.confirmationUrl ?? "", "4242 4242 4242 4242");
    await deliveriesDone(t);
    expect(await accountSum(t, job.id, "card_hold")).toBe(880_000n);

    // What YooKassa reports of a hold it cancelled after seven days uncaptured (verified and re-fetched).
    const lapsed: Hold = {
      id: asked?.providerHoldId ?? "",
      status: "canceled",
      currency: "RUB",
      amount: 880_000,
      captured: 0,
      refunded: 0,
      confirmationUrl: null,
      failure: { reason: "expired", detail: "expired_on_capture" },
      reference: asked?.id ?? null,
      expiresAt: null,
    };
    const event: ProviderEvent = { kind: "hold", eventId: `hold.failed:${lapsed.id}`, type: "hold.failed", hold: lapsed };
    await t.db.transaction((tx) => applyProviderEvent(tx, services(), "yookassa", event, { payout: null }));
    expect((await holdsOf(t, job.id)).map((h) => [h.status, h.failureReason])).toEqual([["failed", "expired"]]);
    expect(await accountSum(t, job.id, "card_hold")).toBe(0n);
    expect(await accountSum(t, job.id, "hold_secured")).toBe(0n);
    expect(await t.callerAs(owner.id).holds.forJob({ jobId: job.id })).toMatchObject({
      state: "failed",
      failureReason: "expired",
    });
  });
});

describe("the webhook routes", () => {
  it("refuse a body over their limit, and need no origin of ours", async () => {
    const big = await t.app.inject({
      method: "POST",
      url: WEBHOOK_PATHS.yookassa,
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ pad: "x".repeat(WEBHOOK_BODY_LIMIT) }),
    });
    expect(big.statusCode).toBe(413);
    const junk = await t.app.inject({
      method: "POST",
      url: WEBHOOK_PATHS.yookassa,
      headers: { "content-type": "text/plain" },
      payload: "hello",
    });
    expect([junk.statusCode, junk.json()]).toEqual([400, { outcome: "malformed" }]);
  });
});

describe("a hold's notification that overtakes the authorise call's answer", () => {
  it("names the row's provider, secures the pay, and the call's retry then changes nothing", async () => {
    const { owner, job } = await throughDayworkJob(t);
    const a = await hireThroughProcedure(t, job.id, owner.id);
    const [row] = await holdsOf(t, job.id);
    const yookassa = t.services.payments?.providerFor("RUB")?.payments;
    const standIn = t.services.payments?.standIns.yookassa;
    if (!row || !yookassa || !standIn) throw new Error("no hold row or no YooKassa");
    // The provider made the hold (the call's answer was lost), and the payer confirmed it.
    const made = await yookassa.authorise({
      amount: Number(row.amountMinor),
      currency: "RUB",
      idempotencyKey: row.idempotencyKey,
      description: "Daywork",
      returnUrl: t.config.publicUrl,
      reference: row.id,
    });
    if (!made.ok) throw new Error(made.detail);
    const target = standIn.notifications.target;
    standIn.notifications.target = null;
    try {
      await confirmOnStandIn(made.value.confirmationUrl ?? "", "4242 4242 4242 4242");
    } finally {
      standIn.notifications.target = target;
    }
    const body = JSON.stringify({ type: "notification", event: "payment.waiting_for_capture", object: { id: made.value.id } });
    const answer = await t.app.inject({
      method: "POST",
      url: WEBHOOK_PATHS.yookassa,
      headers: { "content-type": "application/json" },
      payload: body,
    });
    expect(answer.json()).toEqual({ outcome: "applied" });
    expect((await holdsOf(t, job.id)).map((h) => [h.status, h.provider, h.providerHoldId])).toEqual([
      ["authorised", "yookassa", made.value.id],
    ]);

    // The authorise job runs (its retry): the same key answers the same hold, already applied.
    await t.runBackground();
    expect((await holdsOf(t, job.id)).map((h) => h.status)).toEqual(["authorised"]);
    expect(await accountSum(t, job.id, "card_hold")).toBe(880_000n);
    expect(await t.callerAs(a.worker.id).holds.forJob({ jobId: job.id })).toMatchObject({ secured: true });
  });
});
