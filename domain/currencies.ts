/**
 * Currencies a job can be paid in (docs/product.md, Jobs): the local currencies of the countries we
 * serve (domain/countries.ts picks one from the job's city) and the usual foreign ones. RUB is the
 * default when no city decides.
 */
export const JOB_CURRENCIES = ["RUB", "KZT", "UZS", "TMT", "EUR", "USD", "GBP"] as const;
export type JobCurrency = (typeof JOB_CURRENCIES)[number];
export const DEFAULT_JOB_CURRENCY: JobCurrency = "RUB";

/** Preferred display currencies in settings; USD is the default. */
export const PROFILE_CURRENCIES = [
  "USD",
  "EUR",
  "GBP",
  "JPY",
  "AUD",
  "CAD",
  "CHF",
  "CNY",
  "INR",
  "RUB",
  "KZT",
  "UZS",
  "TMT",
] as const;
export type ProfileCurrency = (typeof PROFILE_CURRENCIES)[number];
export const DEFAULT_PROFILE_CURRENCY: ProfileCurrency = "USD";

const SYMBOLS: Record<string, string> = { RUB: "₽", USD: "$", EUR: "€", GBP: "£" };

/** The symbol shown next to a job's rate; unknown currencies fall back to '$'. */
export function currencySymbol(code: string | null | undefined): string {
  return (code && SYMBOLS[code]) || "$";
}
