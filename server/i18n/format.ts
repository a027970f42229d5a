import type { LanguageCode } from "../../domain/languages.ts";

// Dates in server-written texts (e-mails, pushes) for the recipient's language, the way the SPA writes
// them (src/lib/format.ts): Intl with the recipient's locale, and for a language this runtime's Intl
// has no data for, Russian conventions with a numeric date.

/** Conventions to borrow for a language Intl does not know: Kazakh, Uzbek and Turkmen write like Russian. */
const BORROWED: Partial<Record<LanguageCode, string>> = { kk: "ru", uz: "ru", tk: "ru" };
const knownLanguages = new Map<string, boolean>();

/** True when this runtime's Intl really knows the language (it can name months in it). */
export function hasIntlData(language: string): boolean {
  let known = knownLanguages.get(language);
  if (known === undefined) {
    known =
      Intl.DateTimeFormat.supportedLocalesOf([language]).length > 0 &&
      !/^M\d/.test(new Intl.DateTimeFormat(language, { month: "long", timeZone: "UTC" }).format(0));
    knownLanguages.set(language, known);
  }
  return known;
}

const NUMERIC_DATE: Intl.DateTimeFormatOptions = { day: "2-digit", month: "2-digit", year: "numeric" };

/** A calendar date (YYYY-MM-DD) in `locale`, without time-zone shifts: "24 ноября 2026 г.", "November 24, 2026". */
export function formatDateFor(isoDate: string, locale: LanguageCode, style: "medium" | "long" = "long"): string {
  const [y, mo, d] = isoDate.split("-").map(Number);
  if (!y || !mo || !d) return isoDate;
  const named = hasIntlData(locale);
  const intlLocale = named ? locale : (BORROWED[locale] ?? "en");
  return new Intl.DateTimeFormat(intlLocale, { ...(named ? { dateStyle: style } : NUMERIC_DATE), timeZone: "UTC" }).format(
    new Date(Date.UTC(y, mo - 1, d)),
  );
}
