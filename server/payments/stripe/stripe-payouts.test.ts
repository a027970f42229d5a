import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { startStripeStandIn, type StripeStandIn } from "../stand-ins/stripe-stand-in.ts";
import { submitCard } from "../stand-ins/webhook-inbox.ts";
import { value } from "../testing/provider-value.ts";
import { stripeClient } from "./stripe-client.ts";
import { stripePayouts, type StripePayouts } from "./stripe-payouts.ts";

let standIn: StripeStandIn;
let payouts: StripePayouts;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  payouts = stripePayouts(
    stripeClient({
      apiUrl: standIn.url,
      secretKey: standIn.secretKey,
      webhookSecret: standIn.webhookSecret,
      confirmUrl: standIn.confirmUrl,
      timeoutMs: 1_000,
    }),
  );
});
afterAll(() => standIn.close());

/** A worker's Connect account, onboarded on Stripe's page with `card`. */
async function onboarded(card: string): Promise<string> {
  const { accountId } = value(
    await payouts.createAccount({ email: "w@example.com", country: "DE", reference: "person-1", idempotencyKey: randomUUID() }),
  );
  expect(value(await payouts.accountReady(accountId))).toBe(false);
  const { url } = value(
    await payouts.onboardingLink({
      accountId,
      returnUrl: "http://127.0.0.1:3000/settings/payouts",
      refreshUrl: "http://127.0.0.1:3000/settings/payouts?again=1",
    }),
  );
  expect((await submitCard(url, card)).location).toBe("http://127.0.0.1:3000/settings/payouts");
  return accountId;
}

const send = (accountId: string, amount: number, idempotencyKey = randomUUID()) =>
  payouts.payout({
    amount,
    currency: "EUR",
    destination: { type: "connected_account", accountId },
    idempotencyKey,
    description: "Shift of 12 May",
    reference: "payout-3",
  });

describe("Stripe Connect transfers against the stand-in", () => {
  it("transfers once per key to an onboarded worker", async () => {
    const accountId = await onboarded("4000056655665556");
    expect(value(await payouts.accountReady(accountId))).toBe(true);
    const key = randomUUID();
    const first = value(await send(accountId, 12_345, key));
    expect(first).toMatchObject({ status: "succeeded", amount: 12_345, currency: "EUR", reference: "payout-3", receipt: null });
    expect(value(await send(accountId, 12_345, key)).id).toBe(first.id);
    expect(standIn.balance.eur).toBe(100_000_000 - 12_345);
    expect(value(await payouts.get(first.id))).toMatchObject({ id: first.id, status: "succeeded" });
  });

  it("says why a transfer cannot be made", async () => {
    const declinedCard = await onboarded("4000000000000002");
    expect(await send(declinedCard, 100)).toMatchObject({ ok: false, reason: "invalid_payout_method" });
    expect(await send("acct_nobody", 100)).toMatchObject({ ok: false, reason: "invalid_payout_method" });
    const ready = await onboarded("4242424242424242");
    const balance = standIn.balance.eur ?? 0;
    standIn.balance.eur = 50;
    expect(await send(ready, 100)).toMatchObject({ ok: false, reason: "insufficient_funds" });
    standIn.balance.eur = balance;
    expect(
      await payouts.payout({
        amount: 1,
        currency: "EUR",
        destination: { type: "card_token", token: "pt-1" },
        idempotencyKey: randomUUID(),
        description: "",
        reference: "r",
      }),
    ).toMatchObject({
      ok: false,
      reason: "invalid_payout_method",
    });
  });
});
