import type Stripe from "stripe";

import type { Payout, PayoutProvider } from "../payout-provider.ts";
import { failure, type ProviderResult } from "../provider-result.ts";
import { stripeFailure } from "./stripe-errors.ts";
import { payoutOfTransfer } from "./stripe-objects.ts";

/** Stripe's payouts, with what only it has: a worker's Connect account and its onboarding link. */
export type StripePayouts = PayoutProvider & {
  createAccount(input: {
    email: string;
    country: string;
    reference: string;
    idempotencyKey: string;
  }): Promise<ProviderResult<{ accountId: string }>>;
  /** Stripe's hosted onboarding, where the worker gives their details and a card or account for payouts. */
  onboardingLink(input: { accountId: string; returnUrl: string; refreshUrl: string }): Promise<ProviderResult<{ url: string }>>;
  /** Whether the account can take transfers yet. */
  accountReady(accountId: string): Promise<ProviderResult<boolean>>;
};

/**
 * Paying workers through Stripe Connect: a transfer from the platform's balance to the worker's
 * Express account (`transfer_group` is our reference, so a day's payouts can be traced); Stripe then
 * pays the account out to the worker's card or bank on its own schedule.
 */
export function stripePayouts(stripe: Stripe): StripePayouts {
  const read = (where: string, transfer: Stripe.Transfer): ProviderResult<Payout> => {
    const value = payoutOfTransfer(transfer);
    return value ? { ok: true, value } : failure("rejected", `${where}: ${transfer.currency} is not a currency we pay in`);
  };
  return {
    name: "stripe",

    async payout(input) {
      const { destination } = input;
      if (destination.type !== "connected_account") {
        return failure("invalid_payout_method", `Stripe pays to a Connect account, not a ${destination.type}`);
      }
      if (input.currency === "RUB") return failure("rejected", "Stripe is not used for RUB");
      try {
        const transfer = await stripe.transfers.create(
          {
            amount: input.amount,
            currency: input.currency.toLowerCase(),
            destination: destination.accountId,
            description: input.description,
            metadata: { reference: input.reference },
            transfer_group: input.reference,
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return read("create transfer", transfer);
      } catch (error) {
        return stripeFailure("create transfer", error);
      }
    },

    async get(payoutId) {
      try {
        return read("retrieve transfer", await stripe.transfers.retrieve(payoutId));
      } catch (error) {
        return stripeFailure("retrieve transfer", error);
      }
    },

    async createAccount(input) {
      try {
        const account = await stripe.accounts.create(
          {
            type: "express",
            country: input.country,
            email: input.email,
            capabilities: { transfers: { requested: true } },
            metadata: { reference: input.reference },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return { ok: true, value: { accountId: account.id } };
      } catch (error) {
        return stripeFailure("create account", error);
      }
    },

    async onboardingLink(input) {
      try {
        const link = await stripe.accountLinks.create({
          account: input.accountId,
          type: "account_onboarding",
          return_url: input.returnUrl,
          refresh_url: input.refreshUrl,
        });
        return { ok: true, value: { url: link.url } };
      } catch (error) {
        return stripeFailure("create account link", error);
      }
    },

    async accountReady(accountId) {
      try {
        const account = await stripe.accounts.retrieve(accountId);
        return { ok: true, value: account.capabilities?.transfers === "active" };
      } catch (error) {
        return stripeFailure("retrieve account", error);
      }
    },
  };
}
