import type { JobCurrency } from "./currencies.ts";
import { dateTimeFormat, intlLocaleFor, numberFormat } from "./intl-locale.ts";
import { isLanguageCode, textDirection } from "./languages.ts";
import { fromMinorUnits, MINOR_UNIT_DIGITS } from "./minor-units.ts";

/**
 * An amount in minor units as the reader's language writes money, with every minor digit ("1 500,00 ₽",
 * "₽1,500.00"): Intl is given the exact decimal text, never a float (docs/decisions/076). Statements
 * (on screen and in PDFs) show figures this way; CSV keeps the plain decimal of fromMinorUnits.
 */
export function formatMinorIn(minor: bigint, currency: JobCurrency, language: string): string {
  const digits = MINOR_UNIT_DIGITS[currency];
  const { locale } = intlLocaleFor(language);
  const parts = numberFormat(locale, {
    style: "currency",
    currency,
    currencyDisplay: "narrowSymbol",
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).formatToParts(fromMinorUnits(minor, currency) as `${number}`);
  // In a right-to-left language a Latin symbol ("US$") is isolated, or its "$" jumps to the other side.
  const rtl = textDirection(isLanguageCode(language) ? language : "en") === "rtl";
  return parts
    .map((p) => (rtl && p.type === "currency" && /[A-Za-z]/.test(p.value) ? `\u2066${p.value}\u2069` : p.value))
    .join("");
}

/** Minutes as hours with two decimals in the reader's language ("8,50"). */
export function formatHoursIn(minutes: number, language: string): string {
  return numberFormat(intlLocaleFor(language).locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    minutes / 60,
  );
}

/** A statement month ("2026-11") named in the reader's language ("November 2026", "2026年11月"). */
export function formatStatementMonth(month: string, language: string): string {
  const { locale, named } = intlLocaleFor(language);
  const [year, monthNumber] = month.split("-").map(Number);
  if (!year || !monthNumber) return month;
  const at = new Date(Date.UTC(year, monthNumber - 1, 15));
  return dateTimeFormat(locale, { year: "numeric", month: named ? "long" : "2-digit", timeZone: "UTC" }).format(at);
}
