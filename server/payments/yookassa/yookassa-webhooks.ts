import { BlockList, isIP } from "node:net";
import { z } from "zod";

import type { ProviderResult } from "../provider-result.ts";
import type { ProviderEvent, WebhookInput, WebhookVerdict, WebhookVerifier } from "../webhook-event.ts";
import { yookassaCall, type YooKassaAccount, type YooKassaAnswer } from "./yookassa-client.ts";
import { holdOf, payoutOf, refundOf, ykPaymentSchema, ykPayoutSchema, ykRefundSchema } from "./yookassa-objects.ts";

/**
 * The addresses YooKassa sends notifications from, as its documentation lists them
 * (yookassa.ru/developers/using-api/webhooks, "IP authentication").
 */
export const YOOKASSA_NOTIFICATION_SENDERS = [
  "185.71.76.0/27",
  "185.71.77.0/27",
  "77.75.153.0/25",
  "77.75.156.11/32",
  "77.75.156.35/32",
  "77.75.154.128/25",
  "2a02:5180::/32",
];

const notificationSchema = z.object({
  type: z.literal("notification"),
  event: z.string(),
  object: z.object({ id: z.string().min(1).max(64) }),
});

// Each event we act on, with the status the object must really have for the event to be true now.
const EXPECTED: Record<string, { object: "payment" | "refund" | "payout"; status: string }> = {
  "payment.waiting_for_capture": { object: "payment", status: "waiting_for_capture" },
  "payment.succeeded": { object: "payment", status: "succeeded" },
  "payment.canceled": { object: "payment", status: "canceled" },
  "refund.succeeded": { object: "refund", status: "succeeded" },
  "payout.succeeded": { object: "payout", status: "succeeded" },
  "payout.canceled": { object: "payout", status: "canceled" },
};

function senders(cidrs: string[]): BlockList {
  const list = new BlockList();
  for (const cidr of cidrs) {
    const [address = "", bits] = cidr.split("/");
    const family = isIP(address) === 6 ? "ipv6" : "ipv4";
    list.addSubnet(address, Number(bits ?? (family === "ipv6" ? 128 : 32)), family);
  }
  return list;
}

/**
 * YooKassa's notifications are not signed: a body is only a hint of which object changed. Each is
 * checked by fetching that object again from the API (YooKassa's documented practice) with the
 * account that owns it, and the event is made from what the API answers, never from the body; an
 * event whose object is not in the state it claims (forged, or overtaken by a later change) is
 * `not_current`. `allowedSenders` (CIDRs), when given, also refuses other source addresses.
 */
export function yookassaWebhooks(options: {
  shop: YooKassaAccount;
  payouts: YooKassaAccount | null;
  allowedSenders: string[] | null;
}): WebhookVerifier {
  const allowed = options.allowedSenders ? senders(options.allowedSenders) : null;
  return {
    async verifyWebhook(input: WebhookInput): Promise<WebhookVerdict> {
      if (allowed) {
        const address = (input.remoteAddress ?? "").replace(/^::ffff:/, "");
        const family = isIP(address) === 6 ? "ipv6" : "ipv4";
        if (!isIP(address) || !allowed.check(address, family)) {
          return { ok: false, reason: "forbidden_sender", detail: `notification from ${address || "an unknown address"}` };
        }
      }
      let json: unknown;
      try {
        json = JSON.parse(typeof input.rawBody === "string" ? input.rawBody : input.rawBody.toString("utf8"));
      } catch {
        return { ok: false, reason: "malformed", detail: "the body is not JSON" };
      }
      const parsed = notificationSchema.safeParse(json);
      if (!parsed.success) return { ok: false, reason: "malformed", detail: "not a YooKassa notification" };
      const { event, object } = parsed.data;
      const expected = EXPECTED[event];
      if (!expected) return { ok: false, reason: "ignored", detail: `event ${event}` };
      const id = encodeURIComponent(object.id);

      let fetched: ProviderResult<{ status: string; event: ProviderEvent } | null>;
      if (expected.object === "payment") {
        const answer = await yookassaCall(options.shop, { method: "GET", path: `/v3/payments/${id}` }, ykPaymentSchema);
        fetched = mapAnswer(answer, (o) => {
          const hold = holdOf(o);
          if (!hold) return null;
          const type =
            event === "payment.waiting_for_capture"
              ? "hold.authorised"
              : event === "payment.succeeded"
                ? "hold.captured"
                : hold.failure
                  ? "hold.failed"
                  : "hold.canceled";
          return { status: o.status, event: { kind: "hold", eventId: `${type}:${o.id}`, type, hold } };
        });
      } else if (expected.object === "refund") {
        const answer = await yookassaCall(options.shop, { method: "GET", path: `/v3/refunds/${id}` }, ykRefundSchema);
        fetched = mapAnswer(answer, (o) => {
          const refund = refundOf(o);
          return (
            refund && {
              status: o.status,
              event: { kind: "refund", eventId: `refund.succeeded:${o.id}`, type: "refund.succeeded", refund },
            }
          );
        });
      } else {
        if (!options.payouts) return { ok: false, reason: "ignored", detail: "payouts are not configured" };
        const answer = await yookassaCall(options.payouts, { method: "GET", path: `/v3/payouts/${id}` }, ykPayoutSchema);
        fetched = mapAnswer(answer, (o) => {
          const payout = payoutOf(o);
          const type = event === "payout.succeeded" ? "payout.succeeded" : "payout.failed";
          return payout && { status: o.status, event: { kind: "payout", eventId: `${type}:${o.id}`, type, payout } };
        });
      }
      if (!fetched.ok) {
        return fetched.reason === "not_found"
          ? { ok: false, reason: "unknown_object", detail: `${event}: ${fetched.detail}` }
          : { ok: false, reason: "unavailable", detail: fetched.detail };
      }
      if (!fetched.value) return { ok: false, reason: "ignored", detail: `${event}: a currency we do not take` };
      if (fetched.value.status !== expected.status) {
        return { ok: false, reason: "not_current", detail: `${event}, but the ${expected.object} is ${fetched.value.status}` };
      }
      return { ok: true, event: fetched.value.event };
    },
  };
}

function mapAnswer<T, U>(answer: YooKassaAnswer<T>, map: (object: T) => U | null): ProviderResult<U | null> {
  if (!answer.ok) return answer;
  if ("refused" in answer.value) {
    const { status, code } = answer.value.refused;
    return { ok: false, reason: status === 404 ? "not_found" : "rejected", detail: `${status} ${code}` };
  }
  return { ok: true, value: map(answer.value.object) };
}
