import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import type { Hold } from "../payment-provider.ts";
import { submitCard } from "../stand-ins/webhook-inbox.ts";
import { startYooKassaStandIn, type YooKassaStandIn } from "../stand-ins/yookassa-stand-in.ts";
import { value } from "../testing/provider-value.ts";
import { yookassaPayments } from "./yookassa-payments.ts";

let standIn: YooKassaStandIn;
let payments: ReturnType<typeof yookassaPayments>;
const TIMEOUT_MS = 400;

beforeAll(async () => {
  standIn = await startYooKassaStandIn();
  payments = yookassaPayments({
    apiUrl: standIn.url,
    login: standIn.shop.shopId,
    secret: standIn.shop.secretKey,
    timeoutMs: TIMEOUT_MS,
  });
});
afterAll(() => standIn.close());
afterEach(() => {
  standIn.faults.latencyMs = 0;
  standIn.faults.failNext = 0;
});

const authorise = (amount: number, idempotencyKey = randomUUID()) =>
  payments.authorise({
    amount,
    currency: "RUB",
    idempotencyKey,
    description: "Склад, 2 дня, 3 работника",
    returnUrl: "http://127.0.0.1:3000/jobs/1/pay",
    reference: `hold-${idempotencyKey}`,
  });

/** A hold the payer confirmed with `card` on YooKassa's page. */
async function confirmed(amount: number, card = "5555 5555 5555 4477"): Promise<Hold> {
  const hold = value(await authorise(amount));
  expect(hold).toMatchObject({ status: "pending", amount, captured: 0 });
  const page = await submitCard(hold.confirmationUrl ?? "", card);
  expect(page).toMatchObject({ status: 303, location: "http://127.0.0.1:3000/jobs/1/pay" });
  return value(await payments.get(hold.id));
}

describe("YooKassa payments against the stand-in", () => {
  it("authorises, captures part, releases the rest, and refunds", async () => {
    const hold = await confirmed(1_200_000);
    expect(hold).toMatchObject({ status: "authorised", amount: 1_200_000, captured: 0, failure: null });
    expect(hold.reference).toMatch(/^hold-/);
    expect(hold.expiresAt?.getTime()).toBeGreaterThan(Date.now());

    const captured = value(
      await payments.capture({ holdId: hold.id, amount: 950_050, currency: "RUB", idempotencyKey: randomUUID() }),
    );
    expect(captured).toMatchObject({ status: "captured", amount: 950_050, captured: 950_050 });

    // The rest went back with the capture: nothing is left to cancel.
    const cancel = await payments.cancel({ holdId: hold.id, idempotencyKey: randomUUID() });
    expect(cancel).toMatchObject({ ok: false, reason: "wrong_state" });

    const refund = value(
      await payments.refund({
        holdId: hold.id,
        amount: 50_050,
        currency: "RUB",
        idempotencyKey: randomUUID(),
        description: "Day 2 cut short",
      }),
    );
    expect(refund).toMatchObject({ holdId: hold.id, status: "succeeded", amount: 50_050 });
    expect(value(await payments.get(hold.id))).toMatchObject({ captured: 950_050, refunded: 50_050 });
  });

  it("cancels a hold nothing was captured from, after which capture is refused", async () => {
    const hold = await confirmed(300_000);
    expect(value(await payments.cancel({ holdId: hold.id, idempotencyKey: randomUUID() }))).toMatchObject({
      status: "canceled",
      failure: null,
    });
    const capture = await payments.capture({ holdId: hold.id, amount: 100, currency: "RUB", idempotencyKey: randomUUID() });
    expect(capture).toMatchObject({ ok: false, reason: "wrong_state" });
  });

  it("makes one payment and one capture however often a call is retried with its key", async () => {
    const before = standIn.payments.size;
    const key = randomUUID();
    const first = value(await authorise(10_000, key));
    const again = value(await authorise(10_000, key));
    expect(again.id).toBe(first.id);
    expect(standIn.payments.size).toBe(before + 1);

    await submitCard(first.confirmationUrl ?? "", "4242424242424242");
    const captureKey = randomUUID();
    const capture = () => payments.capture({ holdId: first.id, amount: 6_000, currency: "RUB", idempotencyKey: captureKey });
    const [a, b] = await Promise.all([capture(), capture()]);
    expect(value(a)).toMatchObject({ status: "captured", captured: 6_000 });
    expect(value(b)).toMatchObject({ status: "captured", captured: 6_000 });
  });

  it("says why a payer's card was refused", async () => {
    expect(await confirmed(5_000, "4000 0000 0000 0002")).toMatchObject({
      status: "canceled",
      failure: { reason: "declined", detail: "general_decline" },
    });
    expect(await confirmed(5_000, "4000000000009995")).toMatchObject({
      status: "canceled",
      failure: { reason: "insufficient_funds" },
    });
  });

  it("answers `timeout` within its limit when YooKassa is slow, and a retry with the key makes no second payment", async () => {
    const before = standIn.payments.size;
    standIn.faults.latencyMs = 1_000;
    const key = randomUUID();
    const started = performance.now();
    const slow = await authorise(7_000, key);
    expect(slow).toMatchObject({ ok: false, reason: "timeout" });
    expect(performance.now() - started).toBeLessThan(TIMEOUT_MS + 300);
    standIn.faults.latencyMs = 0;
    // The slow request was still served after we gave up: the retry finds that payment.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const retry = value(await authorise(7_000, key));
    expect(standIn.payments.size).toBe(before + 1);
    expect(standIn.payments.get(retry.id)).toBeDefined();
  });

  it("maps YooKassa's errors to typed results", async () => {
    standIn.faults.failNext = 1;
    expect(await authorise(1_000)).toMatchObject({ ok: false, reason: "unavailable" });
    expect(await payments.get("22e12f66-000f-5000-8000-18db351245c7")).toMatchObject({ ok: false, reason: "not_found" });
    const hold = await confirmed(1_000);
    expect(
      await payments.capture({ holdId: hold.id, amount: 1_001, currency: "RUB", idempotencyKey: randomUUID() }),
    ).toMatchObject({
      ok: false,
      reason: "rejected",
    });
    const stranger = yookassaPayments({
      apiUrl: standIn.url,
      login: standIn.shop.shopId,
      secret: "wrong",
      timeoutMs: TIMEOUT_MS,
    });
    expect(await stranger.get(hold.id)).toMatchObject({ ok: false, reason: "rejected" });
    expect(
      await payments.authorise({
        amount: 100,
        currency: "EUR",
        idempotencyKey: randomUUID(),
        description: "",
        returnUrl: "http://x",
        reference: "r",
      }),
    ).toMatchObject({
      ok: false,
      reason: "rejected",
    });
    const closed = yookassaPayments({ apiUrl: "http://127.0.0.1:9", login: "a", secret: "b", timeoutMs: TIMEOUT_MS });
    expect(await closed.get(hold.id)).toMatchObject({ ok: false, reason: "unavailable" });
  });
});
