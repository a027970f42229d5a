import type Stripe from "stripe";

import type { Hold, Refund } from "../payment-provider.ts";
import type { Payout } from "../payout-provider.ts";
import { isProviderCurrency, type ProviderCurrency } from "../provider-result.ts";

const currencyOf = (code: string): ProviderCurrency | null => {
  const upper = code.toUpperCase();
  return isProviderCurrency(upper) ? upper : null;
};

const referenceOf = (metadata: Stripe.Metadata | null) => metadata?.reference ?? null;

/**
 * A PaymentIntent with manual capture as our Hold; null in a currency we do not take.
 * `confirmationUrl` is where the payer confirms it: our page with Stripe's Payment Element.
 */
export function holdOfIntent(
  intent: Stripe.PaymentIntent,
  confirmationUrl: (intent: Stripe.PaymentIntent) => string,
): Hold | null {
  const currency = currencyOf(intent.currency);
  if (!currency) return null;
  const charge = typeof intent.latest_charge === "object" ? intent.latest_charge : null;
  const captureBefore = charge?.payment_method_details?.card?.capture_before;
  const error = intent.last_payment_error;
  const declined = error
    ? ({
        reason: error.decline_code === "insufficient_funds" ? "insufficient_funds" : "declined",
        detail: error.decline_code ?? error.code ?? "",
      } as const)
    : null;
  const base = { id: intent.id, currency, refunded: charge?.amount_refunded ?? 0, reference: referenceOf(intent.metadata) };
  switch (intent.status) {
    case "requires_capture":
      return {
        ...base,
        status: "authorised",
        amount: intent.amount_capturable,
        captured: 0,
        confirmationUrl: null,
        failure: null,
        expiresAt: captureBefore ? new Date(captureBefore * 1000) : null,
      };
    case "succeeded":
      return {
        ...base,
        status: "captured",
        amount: intent.amount_received,
        captured: intent.amount_received,
        confirmationUrl: null,
        failure: null,
        expiresAt: null,
      };
    case "canceled":
      return {
        ...base,
        status: "canceled",
        amount: intent.amount,
        captured: 0,
        confirmationUrl: null,
        // Stripe cancels an authorisation left uncaptured itself ("automatic", "expired"); other reasons are ours.
        failure:
          intent.cancellation_reason === "automatic" || intent.cancellation_reason === "expired"
            ? { reason: "expired", detail: intent.cancellation_reason }
            : null,
        expiresAt: null,
      };
    // The payer's turn (and any status a later API version adds).
    case "requires_payment_method":
    case "requires_confirmation":
    case "requires_action":
    case "processing":
    default:
      return {
        ...base,
        status: "pending",
        amount: intent.amount,
        captured: 0,
        confirmationUrl: confirmationUrl(intent),
        failure: declined,
        expiresAt: null,
      };
  }
}

/** A Stripe refund as ours. */
export function refundOfStripe(refund: Stripe.Refund): Refund | null {
  const currency = currencyOf(refund.currency);
  const intent = typeof refund.payment_intent === "string" ? refund.payment_intent : refund.payment_intent?.id;
  if (!currency || !intent) return null;
  const status =
    refund.status === "succeeded"
      ? "succeeded"
      : refund.status === "failed" || refund.status === "canceled"
        ? "canceled"
        : "pending";
  return { id: refund.id, holdId: intent, status, currency, amount: refund.amount };
}

/**
 * A Connect transfer as our Payout: done when made (the money is in the worker's Stripe balance,
 * which Stripe pays out to their card on the account's schedule); failed once reversed.
 */
export function payoutOfTransfer(transfer: Stripe.Transfer): Payout | null {
  const currency = currencyOf(transfer.currency);
  if (!currency) return null;
  return {
    id: transfer.id,
    status: transfer.reversed ? "failed" : "succeeded",
    currency,
    amount: transfer.amount,
    failure: transfer.reversed ? { reason: "declined", detail: "reversed" } : null,
    reference: referenceOf(transfer.metadata),
    receipt: null,
  };
}
