import type { ProfileCurrency } from "../../domain/currencies.ts";
import { m } from "../paraglide/messages.js";
import { intlName } from "./display-names.ts";

// Names of currencies in the reader's language, as display-names.ts does countries; a module of their own
// so the first load, which names countries and no currency, carries none of these messages (decision 052).

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

/** "доллар США", "US Dollar", "AQSH dollari"; the ISO code for a currency nobody knows. */
export function currencyName(code: string): string {
  const own = CURRENCY_NAMES[code as ProfileCurrency] as (() => string) | undefined;
  return intlName("currency", code) ?? own?.() ?? code;
}
