import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import type { PaymentProvider } from "../payment-provider.ts";
import { stripeSignature } from "../stand-ins/stripe-stand-in-api.ts";
import { startStripeStandIn, type StripeStandIn } from "../stand-ins/stripe-stand-in.ts";
import { startWebhookInbox, submitCard, type ReceivedWebhook } from "../stand-ins/webhook-inbox.ts";
import { value } from "../testing/provider-value.ts";
import type { WebhookVerifier } from "../webhook-event.ts";
import { stripeClient, type StripeSettings } from "./stripe-client.ts";
import { stripePayments } from "./stripe-payments.ts";
import { STRIPE_TOLERANCE_SECONDS, stripeWebhooks } from "./stripe-webhooks.ts";

let standIn: StripeStandIn;
let inbox: Awaited<ReturnType<typeof startWebhookInbox>>;
let payments: PaymentProvider;
let webhooks: WebhookVerifier;
let settings: StripeSettings;

beforeAll(async () => {
  [standIn, inbox] = await Promise.all([startStripeStandIn(), startWebhookInbox()]);
  standIn.notifications.target = inbox.url;
  settings = {
    apiUrl: standIn.url,
    secretKey: standIn.secretKey,
    webhookSecret: standIn.webhookSecret,
    confirmUrl: standIn.confirmUrl,
    timeoutMs: 1_000,
  };
  const stripe = stripeClient(settings);
  payments = stripePayments(stripe, settings);
  webhooks = stripeWebhooks(stripe, settings);
});
afterAll(async () => {
  await standIn.close();
  await inbox.close();
});
beforeEach(() => {
  standIn.notifications.mode = { twice: false, reorder: false };
  inbox.received.length = 0;
});

async function confirmedHold(amount = 20_000, card = "4242424242424242") {
  const hold = value(
    await payments.authorise({
      amount,
      currency: "GBP",
      idempotencyKey: randomUUID(),
      description: "Shift",
      returnUrl: "http://127.0.0.1:3000/back",
      reference: "hold-5",
    }),
  );
  await submitCard(hold.confirmationUrl ?? "", card);
  return hold;
}

async function delivered(count: number): Promise<ReceivedWebhook[]> {
  await standIn.notifications.idle();
  await vi.waitFor(() => expect(inbox.received.length).toBeGreaterThanOrEqual(count));
  return inbox.received.slice(0, count);
}

/** A body signed with `secret` at `timestamp` (seconds), as Stripe would send it. */
const signed = (body: string, secret = standIn.webhookSecret, timestamp = Math.floor(Date.now() / 1000)): ReceivedWebhook => ({
  rawBody: body,
  headers: { "stripe-signature": stripeSignature(body, secret, timestamp) },
  remoteAddress: "127.0.0.1",
});

describe("Stripe events, signed and checked against the API", () => {
  it("accepts a signed event and makes it from the intent as Stripe has it now", async () => {
    const hold = await confirmedHold();
    const [webhook] = await delivered(1);
    if (!webhook) throw new Error("no event");
    expect(await webhooks.verifyWebhook(webhook)).toMatchObject({
      ok: true,
      event: {
        kind: "hold",
        type: "hold.authorised",
        eventId: `hold.authorised:${hold.id}`,
        hold: { id: hold.id, amount: 20_000, currency: "GBP" },
      },
    });
  });

  it("refuses a forged signature, a stale timestamp, an edited body and a missing header", async () => {
    await confirmedHold();
    const [webhook] = await delivered(1);
    if (!webhook) throw new Error("no event");
    expect(await webhooks.verifyWebhook(signed(webhook.rawBody, "whsec_someone_else"))).toMatchObject({
      ok: false,
      reason: "bad_signature",
    });
    const old = Math.floor(Date.now() / 1000) - STRIPE_TOLERANCE_SECONDS - 60;
    expect(await webhooks.verifyWebhook(signed(webhook.rawBody, standIn.webhookSecret, old))).toMatchObject({
      ok: false,
      reason: "stale",
    });
    const edited = webhook.rawBody.replace('"amount":20000', '"amount":1');
    expect(edited).not.toBe(webhook.rawBody);
    expect(await webhooks.verifyWebhook({ ...webhook, rawBody: edited })).toMatchObject({ ok: false, reason: "bad_signature" });
    expect(await webhooks.verifyWebhook({ ...webhook, headers: {} })).toMatchObject({ ok: false, reason: "bad_signature" });
  });

  it("refuses a signed event about an object Stripe does not have, and ignores other events", async () => {
    const event = (type: string, id: string) =>
      JSON.stringify({
        id: `evt_${randomUUID()}`,
        object: "event",
        type,
        created: 0,
        data: { object: { id, object: "payment_intent" } },
      });
    expect(await webhooks.verifyWebhook(signed(event("payment_intent.succeeded", "pi_unknown")))).toMatchObject({
      ok: false,
      reason: "unknown_object",
    });
    expect(await webhooks.verifyWebhook(signed(event("customer.created", "cus_1")))).toMatchObject({
      ok: false,
      reason: "ignored",
    });
  });

  it("takes the latest state whatever the order: an overtaken event is not current, a repeat has the same id", async () => {
    standIn.notifications.mode = { twice: true, reorder: true };
    const hold = await confirmedHold(7_000);
    value(await payments.capture({ holdId: hold.id, amount: 7_000, currency: "GBP", idempotencyKey: randomUUID() }));
    standIn.notifications.flush();
    const verdicts = await Promise.all((await delivered(4)).map((w) => webhooks.verifyWebhook(w)));
    expect(verdicts.map((v) => (v.ok ? v.event.eventId : v.reason)).sort()).toEqual(
      ["not_current", "not_current", `hold.captured:${hold.id}`, `hold.captured:${hold.id}`].sort(),
    );
  });

  it("reports a declined card and a refund", async () => {
    const declined = await confirmedHold(3_000, "4000000000000002");
    const [failed] = await delivered(1);
    expect(await webhooks.verifyWebhook(failed ?? signed("{}"))).toMatchObject({
      ok: true,
      event: { type: "hold.failed", hold: { id: declined.id, failure: { reason: "declined" } } },
    });
    inbox.received.length = 0;
    const hold = await confirmedHold(4_000);
    value(await payments.capture({ holdId: hold.id, amount: 4_000, currency: "GBP", idempotencyKey: randomUUID() }));
    const refund = value(
      await payments.refund({ holdId: hold.id, amount: 1_000, currency: "GBP", idempotencyKey: randomUUID(), description: "" }),
    );
    const all = await delivered(4);
    const verdicts = await Promise.all(all.map((w) => webhooks.verifyWebhook(w)));
    expect(verdicts).toContainEqual(
      expect.objectContaining({
        ok: true,
        event: expect.objectContaining({ type: "refund.succeeded", eventId: `refund.succeeded:${refund.id}` }),
      }),
    );
  });
});
