import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import type { Hold, PaymentProvider } from "../payment-provider.ts";
import { startStripeStandIn, type StripeStandIn } from "../stand-ins/stripe-stand-in.ts";
import { submitCard } from "../stand-ins/webhook-inbox.ts";
import { value } from "../testing/provider-value.ts";
import { stripeClient, type StripeSettings } from "./stripe-client.ts";
import { stripePayments } from "./stripe-payments.ts";

const TIMEOUT_MS = 400;
let standIn: StripeStandIn;
let settings: StripeSettings;
let payments: PaymentProvider;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  settings = {
    apiUrl: standIn.url,
    secretKey: standIn.secretKey,
    webhookSecret: standIn.webhookSecret,
    confirmUrl: standIn.confirmUrl,
    timeoutMs: TIMEOUT_MS,
  };
  payments = stripePayments(stripeClient(settings), settings);
});
afterAll(() => standIn.close());
afterEach(() => {
  standIn.faults.latencyMs = 0;
  standIn.faults.failNext = 0;
});

const RETURN_URL = "http://127.0.0.1:3000/jobs/1/pay";
const authorise = (amount: number, idempotencyKey = randomUUID()) =>
  payments.authorise({
    amount,
    currency: "EUR",
    idempotencyKey,
    description: "Warehouse, 2 days",
    returnUrl: RETURN_URL,
    reference: "hold-9",
  });

async function confirmed(amount: number, card = "4242 4242 4242 4242"): Promise<{ hold: Hold; redirect: URL }> {
  const created = value(await authorise(amount));
  expect(created).toMatchObject({ status: "pending", amount, currency: "EUR", reference: "hold-9" });
  const page = await submitCard(created.confirmationUrl ?? "", card);
  expect(page.status).toBe(303);
  return { hold: value(await payments.get(created.id)), redirect: new URL(page.location ?? "") };
}

describe("Stripe payments through the official client against the stand-in", () => {
  it("authorises, captures part with the rest released, refunds, and refuses to cancel after", async () => {
    const { hold, redirect } = await confirmed(45_000);
    expect(`${redirect.origin}${redirect.pathname}`).toBe(RETURN_URL);
    expect(redirect.searchParams.get("redirect_status")).toBe("succeeded");
    expect(hold).toMatchObject({ status: "authorised", amount: 45_000, captured: 0 });
    expect(hold.expiresAt?.getTime()).toBeGreaterThan(Date.now());

    const captured = value(
      await payments.capture({ holdId: hold.id, amount: 30_000, currency: "EUR", idempotencyKey: randomUUID() }),
    );
    expect(captured).toMatchObject({ status: "captured", amount: 30_000, captured: 30_000 });
    expect(standIn.intents.get(hold.id)).toMatchObject({ amount_capturable: 0, amount_received: 30_000 });

    expect(await payments.cancel({ holdId: hold.id, idempotencyKey: randomUUID() })).toMatchObject({
      ok: false,
      reason: "wrong_state",
    });
    const refund = value(
      await payments.refund({
        holdId: hold.id,
        amount: 5_000,
        currency: "EUR",
        idempotencyKey: randomUUID(),
        description: "Shift cut short",
      }),
    );
    expect(refund).toMatchObject({ holdId: hold.id, status: "succeeded", amount: 5_000, currency: "EUR" });
    expect(value(await payments.get(hold.id))).toMatchObject({ captured: 30_000, refunded: 5_000 });
    expect(
      await payments.refund({ holdId: hold.id, amount: 25_001, currency: "EUR", idempotencyKey: randomUUID(), description: "" }),
    ).toMatchObject({
      ok: false,
      reason: "rejected",
    });
  });

  it("cancels an authorised hold, and then capture is the wrong state", async () => {
    const { hold } = await confirmed(10_000);
    expect(value(await payments.cancel({ holdId: hold.id, idempotencyKey: randomUUID() }))).toMatchObject({
      status: "canceled",
      failure: null,
    });
    expect(
      await payments.capture({ holdId: hold.id, amount: 10_000, currency: "EUR", idempotencyKey: randomUUID() }),
    ).toMatchObject({
      ok: false,
      reason: "wrong_state",
    });
  });

  it("keeps a declined hold pending with the reason, and the payer may try another card", async () => {
    const { hold, redirect } = await confirmed(9_900, "4000 0000 0000 0002");
    expect(redirect.searchParams.get("redirect_status")).toBe("failed");
    expect(hold).toMatchObject({ status: "pending", failure: { reason: "declined", detail: "generic_decline" } });
    expect(hold.confirmationUrl).toContain("payment_intent_client_secret=");

    await submitCard(hold.confirmationUrl ?? "", "4000000000009995");
    expect(value(await payments.get(hold.id))).toMatchObject({ status: "pending", failure: { reason: "insufficient_funds" } });
    await submitCard(hold.confirmationUrl ?? "", "5555555555554444");
    expect(value(await payments.get(hold.id))).toMatchObject({ status: "authorised", failure: null });
  });

  it("makes one intent and one capture however often a call is retried with its key", async () => {
    const before = standIn.intents.size;
    const key = randomUUID();
    const [a, b] = await Promise.all([authorise(2_000, key), authorise(2_000, key)]);
    expect(value(a).id).toBe(value(b).id);
    expect(standIn.intents.size).toBe(before + 1);
    expect(await authorise(2_500, key)).toMatchObject({ ok: false, reason: "rejected" });

    await submitCard(value(a).confirmationUrl ?? "", "4242424242424242");
    const captureKey = randomUUID();
    const capture = () => payments.capture({ holdId: value(a).id, amount: 1_500, currency: "EUR", idempotencyKey: captureKey });
    expect(value(await capture())).toMatchObject({ captured: 1_500 });
    expect(value(await capture())).toMatchObject({ captured: 1_500 });
  });

  it("answers `timeout` within its limit, and the retry with the key finds the first intent", async () => {
    const before = standIn.intents.size;
    standIn.faults.latencyMs = 1_000;
    const key = randomUUID();
    const started = performance.now();
    expect(await authorise(3_000, key)).toMatchObject({ ok: false, reason: "timeout" });
    expect(performance.now() - started).toBeLessThan(TIMEOUT_MS + 300);
    standIn.faults.latencyMs = 0;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    value(await authorise(3_000, key));
    expect(standIn.intents.size).toBe(before + 1);
  });

  it("maps Stripe's errors to typed results", async () => {
    standIn.faults.failNext = 1;
    expect(await authorise(1_000)).toMatchObject({ ok: false, reason: "unavailable" });
    expect(await payments.get("pi_nothing")).toMatchObject({ ok: false, reason: "not_found" });
    const wrongKey = stripePayments(stripeClient({ ...settings, secretKey: "sk_test_wrong" }), settings);
    expect(await wrongKey.get("pi_nothing")).toMatchObject({ ok: false, reason: "rejected" });
    const closed = stripePayments(stripeClient({ ...settings, apiUrl: "http://127.0.0.1:9" }), settings);
    expect(await closed.get("pi_nothing")).toMatchObject({ ok: false, reason: "unavailable" });
    expect(
      await payments.authorise({
        amount: 100,
        currency: "RUB",
        idempotencyKey: randomUUID(),
        description: "",
        returnUrl: RETURN_URL,
        reference: "r",
      }),
    ).toMatchObject({
      ok: false,
      reason: "rejected",
    });
  });
});
