import { numberFormat } from "./intl-locale.ts";

/**
 * Currencies a job can be paid in (docs/product.md, Jobs): the local currencies of the countries we
 * serve (domain/countries.ts picks one from the job's city) and the usual foreign ones. RUB is the
 * default when no city decides.
 */
export const JOB_CURRENCIES = ["RUB", "KZT", "UZS", "TMT", "EUR", "USD", "GBP"] as const;
export type JobCurrency = (typeof JOB_CURRENCIES)[number];
export const DEFAULT_JOB_CURRENCY: JobCurrency = "RUB";

/**
 * Preferred display currencies in settings. A new account gets its country's or language's
 * (defaultReaderCurrency, docs/decisions/049); USD is only the column's default for rows made otherwise.
 */
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

/**
 * The currency's symbol as `locale` writes it ("₽", "$", "₸", "€"), from Intl; a code Intl does not
 * know as a currency is shown as itself, never as another currency's symbol. Empty for no currency.
 */
export function currencySymbol(code: string | null | undefined, locale = "en"): string {
  if (!code) return "";
  try {
    const parts = numberFormat(locale, {
      style: "currency",
      currency: code,
      currencyDisplay: "narrowSymbol",
    }).formatToParts(0);
    return parts.find((p) => p.type === "currency")?.value ?? code;
  } catch {
    return code;
  }
}
