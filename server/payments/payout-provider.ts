import type { ProviderCurrency, ProviderFailureReason, ProviderResult } from "./provider-result.ts";

/**
 * Where a worker is paid, saved once; we never see a card number.
 * - card_token: YooKassa's payout token from its own card form (the payout widget);
 * - sbp: a phone number and a bank of Russia's fast payment system (bank id from YooKassa's list);
 * - connected_account: a Stripe Connect account the worker onboarded at Stripe.
 */
export type PayoutDestination =
  | { type: "card_token"; token: string }
  | { type: "sbp"; phone: string; bankId: string }
  | { type: "connected_account"; accountId: string };

/**
 * For a self-employed payee in RUB: the provider registers the tax receipt in «Мой налог» on the
 * payee's behalf (YooKassa's `self_employed` + `receipt_data`). `selfEmployedId` is YooKassa's id of
 * the payee, made when they granted it the rights.
 */
export type SelfEmployedReceipt = { selfEmployedId: string; serviceName: string };

export type Payout = {
  id: string;
  status: "pending" | "succeeded" | "failed";
  currency: ProviderCurrency;
  amount: number;
  failure: { reason: PayoutFailureReason; detail: string } | null;
  reference: string | null;
  /** The tax receipt registered for the payee (self-employed only), once the provider has it. */
  receipt: { id: string | null; url: string | null } | null;
};

export type PayoutFailureReason = Extract<ProviderFailureReason, "declined" | "insufficient_funds" | "invalid_payout_method">;

export type PayoutInput = {
  amount: number;
  currency: ProviderCurrency;
  destination: PayoutDestination;
  /** One per intended payout, kept for its retries: a payout is never sent twice. */
  idempotencyKey: string;
  description: string;
  reference: string;
  receipt?: SelfEmployedReceipt | undefined;
};

/** Sending earned money to a worker. */
export interface PayoutProvider {
  readonly name: "yookassa" | "stripe";
  payout(input: PayoutInput): Promise<ProviderResult<Payout>>;
  get(payoutId: string): Promise<ProviderResult<Payout>>;
}
