/**
 * Why a provider call did not do what was asked, in the marketplace's words. `timeout` and
 * `unavailable` leave the outcome unknown: retry with the same idempotency key, which answers the
 * first result if the provider did act. The provider's own text stays in `detail`, for the log only.
 */
export type ProviderFailureReason =
  | "declined"
  | "insufficient_funds"
  | "invalid_payout_method"
  | "timeout"
  | "unavailable"
  | "not_found"
  | "wrong_state"
  | "rejected";

export type ProviderFailure = { ok: false; reason: ProviderFailureReason; detail: string };

/** What every provider call answers: never a throw to callers. */
export type ProviderResult<T> = { ok: true; value: T } | ProviderFailure;

export const failure = (reason: ProviderFailureReason, detail: string): ProviderFailure => ({ ok: false, reason, detail });

export { isProviderCurrency, type ProviderCurrency } from "../../domain/pay-mode.ts";
