import type { JobCurrency } from "./currencies.ts";

/**
 * The countries Daywork serves (docs/product.md, Location): the gazetteer holds their cities, the home
 * page filters by them, and a job's country picks its default currency.
 */
export const COUNTRY_CODES = ["RU", "KZ", "UZ", "TM", "DE", "FR", "ES"] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];

/** The currency a job in each country is posted in unless the poster picks another. */
export const COUNTRY_CURRENCY: Record<CountryCode, JobCurrency> = {
  RU: "RUB",
  KZ: "KZT",
  UZ: "UZS",
  TM: "TMT",
  DE: "EUR",
  FR: "EUR",
  ES: "EUR",
};

export function isCountryCode(code: string): code is CountryCode {
  return (COUNTRY_CODES as readonly string[]).includes(code);
}

/** The currency a job in `country` (a gazetteer city's ISO code) is posted in by default; null outside our countries. */
export function defaultCurrencyFor(country: string | null | undefined): JobCurrency | null {
  return country && isCountryCode(country) ? COUNTRY_CURRENCY[country] : null;
}
