import type { CountryCode } from "../../domain/countries.ts";
import type { ProfileCurrency } from "../../domain/currencies.ts";
import { hasIntlData } from "../../domain/intl-locale.ts";
import { m } from "../paraglide/messages.js";
import { getLocale } from "../paraglide/runtime.js";

// Names of currencies and countries in the reader's language (each message read when asked: the
// language's messages load after this module). Intl.DisplayNames knows them where the
// browser has the language's data; where it does not it answers in English without saying so
// (Chromium for Uzbek, Kazakh and Turkmen), and our own messages answer instead.

const CURRENCY_NAMES: Record<ProfileCurrency, () => string> = {
  USD: () => m.currency_name_usd(),
  EUR: () => m.currency_name_eur(),
  GBP: () => m.currency_name_gbp(),
  JPY: () => m.currency_name_jpy(),
  AUD: () => m.currency_name_aud(),
  CAD: () => m.currency_name_cad(),
  CHF: () => m.currency_name_chf(),
  CNY: () => m.currency_name_cny(),
  INR: () => m.currency_name_inr(),
  RUB: () => m.currency_name_rub(),
  KZT: () => m.currency_name_kzt(),
  UZS: () => m.currency_name_uzs(),
  TMT: () => m.currency_name_tmt(),
};

const COUNTRY_NAMES: Record<CountryCode, () => string> = {
  RU: () => m.country_name_ru(),
  KZ: () => m.country_name_kz(),
  UZ: () => m.country_name_uz(),
  TM: () => m.country_name_tm(),
  DE: () => m.country_name_de(),
  FR: () => m.country_name_fr(),
  ES: () => m.country_name_es(),
};

/**
 * Intl's name of `code` in the reader's language, or null when Intl cannot be trusted with it: no data
 * for the language, or an answer that is only the English name again.
 */
function intlName(type: "currency" | "region", code: string): string | null {
  const language = getLocale();
  if (!hasIntlData(language)) return null;
  try {
    const name = new Intl.DisplayNames([language], { type, fallback: "none" }).of(code);
    if (!name || name === code) return null;
    if (language !== "en" && name === new Intl.DisplayNames(["en"], { type }).of(code)) return null;
    return name;
  } catch {
    return null;
  }
}

/** "доллар США", "US Dollar", "AQSH dollari"; the ISO code for a currency nobody knows. */
export function currencyName(code: string): string {
  const own = CURRENCY_NAMES[code as ProfileCurrency] as (() => string) | undefined;
  return intlName("currency", code) ?? own?.() ?? code;
}

/** "Германия", "Germany", "Germaniya"; the ISO code for a country nobody knows. */
export function countryName(code: string): string {
  const own = COUNTRY_NAMES[code as CountryCode] as (() => string) | undefined;
  return intlName("region", code) ?? own?.() ?? code;
}
