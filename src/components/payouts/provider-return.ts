import { digits, oneOf, searchParams, text } from "../../lib/search-params.ts";

/**
 * What the providers' pages send back to /payouts: YooKassa's card form the card's payout token and last
 * four digits (as its widget hands them to its callback), Stripe's onboarding nothing but `added`.
 */
export const readProviderReturn = searchParams({
  added: oneOf(["card", "connect"] as const),
  payout_token: text(200, /^[\x21-\x7E]+$/),
  last4: digits(4),
  card_type: text(40, /^[A-Za-z ]*$/),
});
