import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { openPayments, STAND_IN_SELF_EMPLOYED_INN, type Payments } from "./open-payments.ts";
import { paymentsConfig } from "./payments-config.ts";
import { startWebhookInbox, submitCard } from "./stand-ins/webhook-inbox.ts";

let payments: Payments;
let inbox: Awaited<ReturnType<typeof startWebhookInbox>>;

beforeAll(async () => {
  inbox = await startWebhookInbox();
  payments = await openPayments(paymentsConfig({}, { production: false, publicUrl: "http://localhost:3000" }), {
    yookassa: `${inbox.url}/yookassa`,
    stripe: `${inbox.url}/stripe`,
  });
});
afterAll(async () => {
  await payments.close();
  await inbox.close();
});

describe("openPayments in development", () => {
  it("routes each currency to its provider, and none for currencies paid directly", () => {
    expect(payments.providerFor("RUB")?.payments.name).toBe("yookassa");
    expect(payments.providerFor("EUR")?.payments.name).toBe("stripe");
    expect(payments.providerFor("GBP")?.payouts?.name).toBe("stripe");
    expect(payments.providerFor("KZT")).toBeNull();
    expect(payments.providerFor("TMT")).toBeNull();
  });

  it("starts the stand-ins on loopback, delivering notifications to our routes", async () => {
    const rub = payments.providerFor("RUB");
    const hold = await rub?.payments.authorise({
      amount: 100_000,
      currency: "RUB",
      idempotencyKey: randomUUID(),
      description: "Try",
      returnUrl: "http://localhost:3000/back",
      reference: "r-1",
    });
    if (!hold?.ok) throw new Error("no hold");
    expect(hold.value.confirmationUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    await submitCard(hold.value.confirmationUrl ?? "", "5555555555554477");
    await payments.standIns.yookassa?.notifications.idle();
    await vi.waitFor(() => expect(inbox.received.length).toBe(1));
    const [webhook] = inbox.received;
    expect(await payments.yookassa?.webhooks.verifyWebhook(webhook ?? { rawBody: "", headers: {} })).toMatchObject({
      ok: true,
      event: { type: "hold.authorised" },
    });
    expect(await payments.taxStatus.check(STAND_IN_SELF_EMPLOYED_INN, "2024-01-01")).toMatchObject({
      ok: true,
      value: { selfEmployed: true },
    });
  });
});
