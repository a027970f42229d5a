import Stripe from "stripe";

import { failure, type ProviderFailure } from "../provider-result.ts";

// Stripe's error codes that mean the payee's destination cannot take the money.
const DESTINATION_CODES = ["insufficient_capabilities_for_transfer", "account_invalid"];

/**
 * A Stripe client's throw as our typed failure: card errors by decline code, a timeout or lost
 * connection, Stripe's own trouble, an object it does not have, a PaymentIntent in another state,
 * the platform's balance, a payee's destination; anything else is a refused request.
 */
export function stripeFailure(where: string, error: unknown): ProviderFailure {
  if (!(error instanceof Stripe.errors.StripeError)) {
    return failure("unavailable", `${where}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const detail = `${where}: ${error.type} ${error.code ?? ""} ${error.message}`;
  if (error instanceof Stripe.errors.StripeCardError) {
    return failure(error.decline_code === "insufficient_funds" ? "insufficient_funds" : "declined", detail);
  }
  if (error instanceof Stripe.errors.StripeConnectionError) {
    const cause = error.detail;
    const timedOut = cause instanceof Error && "code" in cause && cause.code === "ETIMEDOUT";
    return failure(timedOut || /timeout/i.test(error.message) ? "timeout" : "unavailable", detail);
  }
  if (error instanceof Stripe.errors.StripeAPIError || error instanceof Stripe.errors.StripeRateLimitError) {
    return failure("unavailable", detail);
  }
  if (error.code === "resource_missing" && error.param === "destination") return failure("invalid_payout_method", detail);
  if (error.code === "resource_missing" || error.statusCode === 404) return failure("not_found", detail);
  if (error.code === "payment_intent_unexpected_state") return failure("wrong_state", detail);
  if (error.code === "balance_insufficient") return failure("insufficient_funds", detail);
  if (error.code && DESTINATION_CODES.includes(error.code)) return failure("invalid_payout_method", detail);
  if ((error.statusCode ?? 0) >= 500) return failure("unavailable", detail);
  return failure("rejected", detail);
}
