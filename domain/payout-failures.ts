/**
 * Why a payout failed, as the worker is told (the provider's own text stays in our logs). Its own file,
 * without imports: the notices' schema needs it, and that schema is on every page's first load.
 */
export const PAYOUT_FAILURE_REASONS = ["declined", "insufficient_funds", "invalid_payout_method", "rejected"] as const;
export type PayoutFailureKind = (typeof PAYOUT_FAILURE_REASONS)[number];
