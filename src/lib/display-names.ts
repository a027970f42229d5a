import type { CountryCode } from "../../domain/countries.ts";
import { hasIntlData } from "../../domain/intl-locale.ts";
import { m } from "../paraglide/messages.js";
import { getLocale } from "../paraglide/runtime.js";

// Names of countries in the reader's language (currencies: currency-names.ts) (each message read when asked: the
// language's messages load after this module). Intl.DisplayNames knows them where the
// browser has the language's data; where it does not it answers in English without saying so
// (Chromium for Uzbek, Kazakh and Turkmen), and our own messages answer instead.

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
export function intlName(type: "currency" | "region", code: string): string | null {
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

/** "Германия", "Germany", "Germaniya"; the ISO code for a country nobody knows. */
export function countryName(code: string): string {
  const own = COUNTRY_NAMES[code as CountryCode] as (() => string) | undefined;
  return intlName("region", code) ?? own?.() ?? code;
}
