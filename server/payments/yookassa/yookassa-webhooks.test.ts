import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { startWebhookInbox, submitCard, type ReceivedWebhook } from "../stand-ins/webhook-inbox.ts";
import { startYooKassaStandIn, type YooKassaStandIn } from "../stand-ins/yookassa-stand-in.ts";
import { value } from "../testing/provider-value.ts";
import type { WebhookVerdict } from "../webhook-event.ts";
import { yookassaPayments } from "./yookassa-payments.ts";
import { YOOKASSA_NOTIFICATION_SENDERS, yookassaWebhooks } from "./yookassa-webhooks.ts";

let standIn: YooKassaStandIn;
let inbox: Awaited<ReturnType<typeof startWebhookInbox>>;
let payments: ReturnType<typeof yookassaPayments>;
let webhooks: ReturnType<typeof yookassaWebhooks>;

beforeAll(async () => {
  [standIn, inbox] = await Promise.all([startYooKassaStandIn(), startWebhookInbox()]);
  standIn.notifications.target = inbox.url;
  const shop = { apiUrl: standIn.url, login: standIn.shop.shopId, secret: standIn.shop.secretKey, timeoutMs: 1_000 };
  const payouts = { apiUrl: standIn.url, login: standIn.agent.agentId, secret: standIn.agent.secretKey, timeoutMs: 1_000 };
  payments = yookassaPayments(shop);
  webhooks = yookassaWebhooks({ shop, payouts, allowedSenders: null });
});
afterAll(async () => {
  await standIn.close();
  await inbox.close();
});
beforeEach(() => {
  standIn.notifications.mode = { twice: false, reorder: false };
  inbox.received.length = 0;
});

async function confirmedHold(amount = 250_000) {
  const hold = value(
    await payments.authorise({
      amount,
      currency: "RUB",
      idempotencyKey: randomUUID(),
      description: "Смена",
      returnUrl: "http://127.0.0.1:3000/back",
      reference: "hold-7",
    }),
  );
  await submitCard(hold.confirmationUrl ?? "", "5555555555554477");
  return hold;
}

async function delivered(count: number): Promise<ReceivedWebhook[]> {
  await standIn.notifications.idle();
  await vi.waitFor(() => expect(inbox.received.length).toBeGreaterThanOrEqual(count));
  return inbox.received.slice(0, count);
}

const verify = (webhook: ReceivedWebhook): Promise<WebhookVerdict> => webhooks.verifyWebhook(webhook);
const forged = (body: unknown): ReceivedWebhook => ({ rawBody: JSON.stringify(body), headers: {}, remoteAddress: "127.0.0.1" });

describe("YooKassa notifications, verified by asking the API again", () => {
  it("accepts a real notification, and the event comes from the API's object", async () => {
    const hold = await confirmedHold();
    const [webhook] = await delivered(1);
    if (!webhook) throw new Error("no notification");
    const verdict = await verify(webhook);
    expect(verdict).toMatchObject({
      ok: true,
      event: {
        kind: "hold",
        type: "hold.authorised",
        eventId: `hold.authorised:${hold.id}`,
        hold: { id: hold.id, amount: 250_000 },
      },
    });
  });

  it("does not trust an edited body: the amount is the API's, and a claimed status the object lacks is refused", async () => {
    const hold = await confirmedHold(100_000);
    const [webhook] = await delivered(1);
    const body = JSON.parse(webhook?.rawBody ?? "{}") as { object: { amount: { value: string } } };
    body.object.amount.value = "999999.00";
    expect(await verify(forged(body))).toMatchObject({ ok: true, event: { hold: { amount: 100_000 } } });

    const claimedPaid = { type: "notification", event: "payment.succeeded", object: { id: hold.id, status: "succeeded" } };
    expect(await verify(forged(claimedPaid))).toMatchObject({ ok: false, reason: "not_current" });
  });

  it("refuses an unknown object, a body that is not a notification, and an ignored event", async () => {
    const unknown = { type: "notification", event: "payment.succeeded", object: { id: "2d8d2d6c-000f-5000-9000-1a9c5e1d7f65" } };
    expect(await verify(forged(unknown))).toMatchObject({ ok: false, reason: "unknown_object" });
    expect(await verify({ rawBody: "{not json", headers: {}, remoteAddress: undefined })).toMatchObject({
      ok: false,
      reason: "malformed",
    });
    expect(await verify(forged({ event: "payment.succeeded" }))).toMatchObject({ ok: false, reason: "malformed" });
    expect(await verify(forged({ type: "notification", event: "deal.closed", object: { id: "dl-1" } }))).toMatchObject({
      ok: false,
      reason: "ignored",
    });
  });

  it("answers `unavailable` when YooKassa cannot be asked, so the sender retries", async () => {
    await confirmedHold();
    const [webhook] = await delivered(1);
    standIn.faults.failNext = 1;
    expect(await verify(webhook ?? forged({}))).toMatchObject({ ok: false, reason: "unavailable" });
  });

  it("gives every delivery of one event the same id, and an overtaken event is not current", async () => {
    standIn.notifications.mode = { twice: true, reorder: true };
    const hold = await confirmedHold(80_000);
    value(await payments.capture({ holdId: hold.id, amount: 80_000, currency: "RUB", idempotencyKey: randomUUID() }));
    standIn.notifications.flush();
    const webhooks4 = await delivered(4);
    const verdicts = await Promise.all(webhooks4.map(verify));
    // Sent newest first, each twice (four requests in flight, so they may land in any order): the
    // capture twice under one id, and the overtaken waiting_for_capture twice, refused.
    expect(verdicts.map((v) => (v.ok ? v.event.eventId : v.reason)).sort()).toEqual(
      ["not_current", "not_current", `hold.captured:${hold.id}`, `hold.captured:${hold.id}`].sort(),
    );
  });

  it("refuses senders outside YooKassa's addresses when they are checked", async () => {
    const shop = { apiUrl: standIn.url, login: standIn.shop.shopId, secret: standIn.shop.secretKey, timeoutMs: 1_000 };
    const strict = yookassaWebhooks({ shop, payouts: null, allowedSenders: YOOKASSA_NOTIFICATION_SENDERS });
    await confirmedHold();
    const [webhook] = await delivered(1);
    if (!webhook) throw new Error("no notification");
    expect(await strict.verifyWebhook(webhook)).toMatchObject({ ok: false, reason: "forbidden_sender" });
    expect(await strict.verifyWebhook({ ...webhook, remoteAddress: "::ffff:185.71.76.7" })).toMatchObject({ ok: true });
    expect(await strict.verifyWebhook({ ...webhook, remoteAddress: "2a02:5180::1" })).toMatchObject({ ok: true });
  });
});
