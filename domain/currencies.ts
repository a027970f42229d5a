/** Currencies a job can be paid in (docs/product.md, Jobs); RUB is the default. */
export const JOB_CURRENCIES = ["RUB", "USD", "EUR", "GBP"] as const;
export type JobCurrency = (typeof JOB_CURRENCIES)[number];
export const DEFAULT_JOB_CURRENCY: JobCurrency = "RUB";

/** Preferred display currencies in settings; USD is the default. */
export const PROFILE_CURRENCIES = ["USD", "EUR", "GBP", "JPY", "AUD", "CAD", "CHF", "CNY", "INR", "RUB", "KZT"] as const;
export type ProfileCurrency = (typeof PROFILE_CURRENCIES)[number];
export const DEFAULT_PROFILE_CURRENCY: ProfileCurrency = "USD";

const SYMBOLS: Record<string, string> = { RUB: "₽", USD: "$", EUR: "€", GBP: "£" };

/** The symbol shown next to a job's rate; unknown currencies fall back to '$'. */
export function currencySymbol(code: string | null | undefined): string {
  return (code && SYMBOLS[code]) || "$";
}
