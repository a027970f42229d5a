import Stripe from "stripe";

import type { ProviderResult } from "../provider-result.ts";
import type { ProviderEvent, WebhookInput, WebhookVerdict, WebhookVerifier } from "../webhook-event.ts";
import type { StripeSettings } from "./stripe-client.ts";
import { stripeFailure } from "./stripe-errors.ts";
import { holdOfIntent, payoutOfTransfer, refundOfStripe } from "./stripe-objects.ts";
import { confirmationUrlOf } from "./stripe-payments.ts";

/** How old a signed event may be, in seconds: Stripe's own default tolerance. */
export const STRIPE_TOLERANCE_SECONDS = 300;

// Each event we act on, with the state its object must still be in for the event to be true now.
const HOLD_EVENTS: Record<
  string,
  { status: string; type: "hold.authorised" | "hold.captured" | "hold.canceled" | "hold.failed" }
> = {
  "payment_intent.amount_capturable_updated": { status: "requires_capture", type: "hold.authorised" },
  "payment_intent.succeeded": { status: "succeeded", type: "hold.captured" },
  "payment_intent.canceled": { status: "canceled", type: "hold.canceled" },
  // A declined card sends the intent back to requires_payment_method (the payer may try again).
  "payment_intent.payment_failed": { status: "requires_payment_method", type: "hold.failed" },
};
const REFUND_EVENTS: Record<string, { status: string; type: "refund.succeeded" | "refund.failed" }> = {
  "refund.created": { status: "succeeded", type: "refund.succeeded" },
  "refund.updated": { status: "succeeded", type: "refund.succeeded" },
  "refund.failed": { status: "failed", type: "refund.failed" },
};

type Checked = { current: boolean; detail: string; event: ProviderEvent | null };

/**
 * Stripe's events: the Stripe-Signature header is checked by the official client
 * (`webhooks.constructEvent`: HMAC-SHA256 over the timestamp and the exact body, with a tolerance),
 * then the object is fetched again, because events may arrive late or out of order; the event is
 * made from the fetched object and is `not_current` when that object has moved on.
 */
export function stripeWebhooks(stripe: Stripe, settings: StripeSettings): WebhookVerifier {
  const fetchChecked = async (type: string, id: string): Promise<ProviderResult<Checked | null>> => {
    try {
      const hold = HOLD_EVENTS[type];
      if (hold) {
        const intent = await stripe.paymentIntents.retrieve(id, { expand: ["latest_charge"] });
        const value = holdOfIntent(intent, confirmationUrlOf(settings, settings.confirmUrl));
        const current =
          intent.status === hold.status && (type !== "payment_intent.payment_failed" || intent.last_payment_error !== null);
        const event: ProviderEvent | null = value && {
          kind: "hold",
          eventId: `${hold.type}:${id}`,
          type: hold.type,
          hold: value,
        };
        return { ok: true, value: event && { current, detail: intent.status, event } };
      }
      const refund = REFUND_EVENTS[type];
      if (refund) {
        const object = await stripe.refunds.retrieve(id);
        const value = refundOfStripe(object);
        const current = object.status === refund.status;
        const event: ProviderEvent | null = value && {
          kind: "refund",
          eventId: `${refund.type}:${id}`,
          type: refund.type,
          refund: value,
        };
        return { ok: true, value: event && { current, detail: object.status ?? "", event } };
      }
      if (type === "transfer.created" || type === "transfer.reversed") {
        const transfer = await stripe.transfers.retrieve(id);
        const value = payoutOfTransfer(transfer);
        const reversed = type === "transfer.reversed";
        const ours = reversed ? "payout.failed" : "payout.succeeded";
        const event: ProviderEvent | null = value && { kind: "payout", eventId: `${ours}:${id}`, type: ours, payout: value };
        return {
          ok: true,
          value: event && { current: transfer.reversed === reversed, detail: transfer.reversed ? "reversed" : "made", event },
        };
      }
      return { ok: true, value: { current: false, detail: "ignored", event: null } };
    } catch (error) {
      return stripeFailure(`retrieve ${id}`, error);
    }
  };

  return {
    async verifyWebhook(input: WebhookInput): Promise<WebhookVerdict> {
      const signature = input.headers["stripe-signature"];
      if (typeof signature !== "string") return { ok: false, reason: "bad_signature", detail: "no Stripe-Signature header" };
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(input.rawBody, signature, settings.webhookSecret, STRIPE_TOLERANCE_SECONDS);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const stale = /tolerance/i.test(message);
        return { ok: false, reason: stale ? "stale" : "bad_signature", detail: message };
      }
      const object = event.data.object as { id?: unknown };
      if (typeof object.id !== "string") return { ok: false, reason: "malformed", detail: `${event.type} without an object id` };
      const checked = await fetchChecked(event.type, object.id);
      if (!checked.ok) {
        return checked.reason === "not_found"
          ? { ok: false, reason: "unknown_object", detail: checked.detail }
          : { ok: false, reason: "unavailable", detail: checked.detail };
      }
      if (!checked.value?.event) return { ok: false, reason: "ignored", detail: `event ${event.type}` };
      if (!checked.value.current) {
        return { ok: false, reason: "not_current", detail: `${event.type}, but ${object.id} is ${checked.value.detail}` };
      }
      return { ok: true, event: checked.value.event };
    },
  };
}
