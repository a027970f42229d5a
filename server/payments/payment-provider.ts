import type { ProviderCurrency, ProviderFailureReason, ProviderResult } from "./provider-result.ts";

/**
 * A hold on the payer's card (two-stage payment) as the provider reports it.
 * - pending: the payer has yet to confirm at `confirmationUrl` (a declined card keeps it pending at
 *   Stripe, where the payer may try another; YooKassa cancels it, with the reason in `failure`);
 * - authorised: `amount` is held and may be captured, at most once, before `expiresAt`;
 * - captured: `captured` was taken and the rest of the hold released;
 * - canceled: released whole: by us (no `failure`), declined, or lapsed (`failure` says which).
 * Amounts are integers in the currency's minor units (kopecks, cents, pence); `amount` is what was
 * asked (pending), held (authorised, canceled) or taken (captured: equal to `captured`).
 */
export type Hold = {
  id: string;
  status: "pending" | "authorised" | "captured" | "canceled";
  currency: ProviderCurrency;
  amount: number;
  captured: number;
  refunded: number;
  confirmationUrl: string | null;
  failure: { reason: HoldFailureReason; detail: string } | null;
  /** Our own reference (a hold's id in the ledger), kept by the provider as metadata. */
  reference: string | null;
  expiresAt: Date | null;
};

export type HoldFailureReason = Extract<ProviderFailureReason, "declined" | "insufficient_funds"> | "expired";

export type Refund = {
  id: string;
  holdId: string;
  status: "pending" | "succeeded" | "canceled";
  currency: ProviderCurrency;
  amount: number;
};

export type AuthoriseInput = {
  amount: number;
  currency: ProviderCurrency;
  /** One per intended hold, kept for its retries: the same key never makes a second hold. */
  idempotencyKey: string;
  description: string;
  /** Where the payer's browser comes back to after confirming. */
  returnUrl: string;
  reference: string;
};

/**
 * Two-stage card payments. A hold cannot be raised at most providers (Stripe's incremental
 * authorisation is limited to some cards and merchants; YooKassa has none), so "adjusting" a hold is:
 * for more, a new hold for the difference; for less, capturing less at the end (the rest is released
 * with the capture) or cancelling a hold nothing is owed on. Capture happens once per hold.
 */
export interface PaymentProvider {
  readonly name: "yookassa" | "stripe";
  authorise(input: AuthoriseInput): Promise<ProviderResult<Hold>>;
  /** Takes `amount` (at most the hold) and releases the rest; `wrong_state` unless authorised. */
  capture(input: {
    holdId: string;
    amount: number;
    currency: ProviderCurrency;
    idempotencyKey: string;
  }): Promise<ProviderResult<Hold>>;
  /** Releases a hold nothing was captured from; `wrong_state` once captured. */
  cancel(input: { holdId: string; idempotencyKey: string }): Promise<ProviderResult<Hold>>;
  /** Returns `amount` (at most what was captured and not yet refunded) to the payer. */
  refund(input: {
    holdId: string;
    amount: number;
    currency: ProviderCurrency;
    idempotencyKey: string;
    description: string;
  }): Promise<ProviderResult<Refund>>;
  get(holdId: string): Promise<ProviderResult<Hold>>;
}
