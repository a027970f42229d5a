import type Stripe from "stripe";

import type { Hold, PaymentProvider, Refund } from "../payment-provider.ts";
import { failure, type ProviderResult } from "../provider-result.ts";
import type { StripeSettings } from "./stripe-client.ts";
import { stripeFailure } from "./stripe-errors.ts";
import { holdOfIntent, refundOfStripe } from "./stripe-objects.ts";

/**
 * Where the payer confirms an intent: our page with Stripe's Payment Element, given the intent, its
 * client secret and where to return (the query Stripe.js itself puts on the return URL).
 */
export function confirmationUrlOf(settings: Pick<StripeSettings, "confirmUrl">, returnUrl: string) {
  return (intent: Stripe.PaymentIntent): string => {
    const url = new URL(settings.confirmUrl);
    url.searchParams.set("payment_intent", intent.id);
    url.searchParams.set("payment_intent_client_secret", intent.client_secret ?? "");
    url.searchParams.set("return_url", returnUrl);
    return url.toString();
  };
}

/**
 * Stripe's two-stage payments: a PaymentIntent with `capture_method: manual`, confirmed by the
 * payer on our Payment Element page, captured once with `amount_to_capture` (the rest released),
 * cancelled, refunded. Every create carries our idempotency key.
 */
export function stripePayments(stripe: Stripe, settings: StripeSettings): PaymentProvider {
  // The return URL only matters while the payer still has to act; a read has none to offer.
  const hold = (where: string, intent: Stripe.PaymentIntent, returnUrl = settings.confirmUrl): ProviderResult<Hold> => {
    const value = holdOfIntent(intent, confirmationUrlOf(settings, returnUrl));
    return value ? { ok: true, value } : failure("rejected", `${where}: ${intent.currency} is not a currency we take`);
  };
  const expand = ["latest_charge"];

  return {
    name: "stripe",

    async authorise(input) {
      if (input.currency === "RUB") return failure("rejected", "Stripe is not used for RUB");
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amount,
            currency: input.currency.toLowerCase(),
            capture_method: "manual",
            description: input.description,
            metadata: { reference: input.reference },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return hold("create payment intent", intent, input.returnUrl);
      } catch (error) {
        return stripeFailure("create payment intent", error);
      }
    },

    async capture(input) {
      try {
        const intent = await stripe.paymentIntents.capture(
          input.holdId,
          { amount_to_capture: input.amount, expand },
          { idempotencyKey: input.idempotencyKey },
        );
        return hold("capture payment intent", intent);
      } catch (error) {
        return stripeFailure("capture payment intent", error);
      }
    },

    async cancel(input) {
      try {
        const intent = await stripe.paymentIntents.cancel(input.holdId, { expand }, { idempotencyKey: input.idempotencyKey });
        return hold("cancel payment intent", intent);
      } catch (error) {
        return stripeFailure("cancel payment intent", error);
      }
    },

    async refund(input): Promise<ProviderResult<Refund>> {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: input.holdId, amount: input.amount, metadata: { description: input.description.slice(0, 500) } },
          { idempotencyKey: input.idempotencyKey },
        );
        const value = refundOfStripe(refund);
        return value ? { ok: true, value } : failure("rejected", `create refund: ${refund.currency} is not a currency we take`);
      } catch (error) {
        return stripeFailure("create refund", error);
      }
    },

    async get(holdId) {
      try {
        return hold("retrieve payment intent", await stripe.paymentIntents.retrieve(holdId, { expand }));
      } catch (error) {
        return stripeFailure("retrieve payment intent", error);
      }
    },
  };
}
