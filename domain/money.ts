import { defaultCurrencyFor } from "./countries.ts";
import { PROFILE_CURRENCIES, type ProfileCurrency } from "./currencies.ts";
import { priceFilterOf, type PriceFilterKey } from "./job-filter-choices.ts";
import type { LanguageCode } from "./languages.ts";

/**
 * Exchange rates as the server answers them: what one unit of each currency is worth in `base`
 * (roubles for the Bank of Russia's feed), as of `asOf`.
 */
export type ExchangeRates = { base: string; asOf: string | null; perUnit: Partial<Record<string, number>> };

/**
 * `amount` of `from` in `to`, through the base currency, unrounded: amount × perUnit(from) / perUnit(to),
 * as the search compares it with the price buckets' edges. Null when either rate is missing.
 */
export function convertExact(amount: number, from: string, to: string, rates: ExchangeRates): number | null {
  if (from === to) return amount;
  const fromRate = from === rates.base ? 1 : rates.perUnit[from];
  const toRate = to === rates.base ? 1 : rates.perUnit[to];
  if (!fromRate || !toRate) return null;
  return (amount * fromRate) / toRate;
}

/**
 * `amount` of `from` in `to`, rounded to cents: a converted rate is a hint ("≈"), never a price anyone
 * is held to. Null when a rate is missing.
 */
export function convert(amount: number, from: string, to: string, rates: ExchangeRates): number | null {
  const exact = convertExact(amount, from, to, rates);
  return exact === null ? null : Math.round(exact * 100) / 100;
}

/**
 * The price bracket a job's hourly rate falls in for a reader of `reader` (docs/decisions/022, 049):
 * its rate converted unrounded, then the reader's currency's own edges (PRICE_EDGES). No rate is
 * "negotiable"; a currency without an exchange rate is in no bracket (null), as in the search.
 */
export function priceFilterIn(
  hourlyRate: number | null,
  currency: string,
  reader: ProfileCurrency,
  rates: ExchangeRates,
): PriceFilterKey | null {
  if (hourlyRate === null) return priceFilterOf(null, reader);
  const converted = convertExact(hourlyRate, currency, reader, rates);
  // Binary floating point may land a hair off an edge the database's exact numerics hit (x.99999…);
  // a millionth of a unit is far below anything a price could mean.
  return converted === null ? null : priceFilterOf(Math.round(converted * 1e6) / 1e6, reader);
}

/** The currency prices are compared in when a search names none. */
export const DEFAULT_READER_CURRENCY: ProfileCurrency = "USD";

/**
 * The currency a language's reader is given when no country says better (docs/decisions/049): the local
 * currency where the language is a country's, the euro for our EU languages, the yuan for Chinese,
 * else the dollar. Never the dollar for a CIS language.
 */
export const LANGUAGE_CURRENCY: Record<LanguageCode, ProfileCurrency> = {
  ru: "RUB",
  kk: "KZT",
  uz: "UZS",
  tk: "TMT",
  de: "EUR",
  fr: "EUR",
  es: "EUR",
  en: "USD",
  ar: "USD",
  zh: "CNY",
};

/**
 * The currency a new account is given before its owner chooses one (docs/decisions/049): the country's
 * of the city named at onboarding, else the language's.
 */
export function defaultReaderCurrency(country: string | null | undefined, language: LanguageCode): ProfileCurrency {
  return defaultCurrencyFor(country) ?? LANGUAGE_CURRENCY[language];
}

/**
 * The currency a reader reads prices in: a member's preferred one from /settings (set from their
 * country and language when the account was made), else a visitor's from their language.
 */
export function readerCurrency(preferred: string | null | undefined, language: LanguageCode): ProfileCurrency {
  return PROFILE_CURRENCIES.find((c) => c === preferred) ?? LANGUAGE_CURRENCY[language];
}

/**
 * How old the newest exchange rate may be before the "≈" amounts say they are out of date
 * (docs/decisions/049): the Bank of Russia publishes every working day, and its longest pause (the New
 * Year holidays) is under two weeks, so a week without a new rate means the feed has stopped reaching us.
 */
export const RATES_STALE_AFTER_DAYS = 7;

/** True when rates of `asOf` (YYYY-MM-DD) are more than RATES_STALE_AFTER_DAYS older than `today`. */
export function ratesAreStale(asOf: string | null | undefined, today: string): boolean {
  if (!asOf) return false;
  const days = (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${asOf}T00:00:00Z`)) / 86_400_000;
  return days > RATES_STALE_AFTER_DAYS;
}
