import { isLanguageCode, textDirection } from "./languages.ts";

// Writing dates and numbers the way a language writes them, in the browser and on the server alike
// (Intl only): for a language this runtime's Intl has no data for, borrow another's conventions.

/**
 * Conventions to borrow for a language Intl has no data for: Kazakh, Uzbek and Turkmen write numbers,
 * money and times like Russian (1 500,5 ₽; 14:05). Others borrow English.
 */
const BORROWED: Record<string, string> = { kk: "ru", uz: "ru", tk: "ru" };
const knownLanguages = new Map<string, boolean>();

/**
 * True when this runtime's Intl really knows the language. Without data it silently formats in the
 * runtime's own language instead: Chromium has no Turkmen at all, and some builds keep Kazakh and
 * Uzbek without names ("M01" for January, "1,500.5").
 */
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

/** The locale Intl formats with for `language`, and whether it can name months and units. */
export function intlLocaleFor(language: string): { locale: string; named: boolean } {
  return hasIntlData(language) ? { locale: language, named: true } : { locale: BORROWED[language] ?? "en", named: false };
}

/**
 * Intl's formatters, made once per locale and options: making one costs many times its use, and a page of
 * job cards writes a hundred dates and amounts. Options come from closed lists, so the cache stays small.
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.PluralRules>();
const MAX_FORMATTERS = 500;

function cached<F extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.PluralRules>(
  kind: string,
  locale: string,
  options: object,
  make: () => F,
): F {
  const key = `${kind} ${locale} ${JSON.stringify(options)}`;
  let formatter = formatters.get(key) as F | undefined;
  if (!formatter) {
    formatter = make();
    if (formatters.size >= MAX_FORMATTERS) formatters.clear();
    formatters.set(key, formatter);
  }
  return formatter;
}

/** `new Intl.NumberFormat(locale, options)`, made once. */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return cached("number", locale, options, () => new Intl.NumberFormat(locale, options));
}

/** `new Intl.DateTimeFormat(locale, options)`, made once. */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  return cached("date", locale, options, () => new Intl.DateTimeFormat(locale, options));
}

/**
 * `new Intl.PluralRules(locale, options)`, made once: the build has paraglide's plural messages
 * ("3 days") take their rules from here (scripts/vite-plural-rules.ts), instead of making them anew on
 * every call.
 */
export function pluralRules(locale: string, options: Intl.PluralRulesOptions = {}): Intl.PluralRules {
  return cached("plural", locale, options, () => new Intl.PluralRules(locale, options));
}

/** A date in digits only (11.11.2026), for a language whose month names Intl does not know. */
export const NUMERIC_DATE: Intl.DateTimeFormatOptions = { day: "2-digit", month: "2-digit", year: "numeric" };

/** A calendar date (YYYY-MM-DD) in `language`, without time-zone shifts: "24 ноября 2026 г.", "Nov 24, 2026". */
export function formatCalendarDate(isoDate: string, language: string, style: "medium" | "long" = "medium"): string {
  const [y, mo, d] = isoDate.split("-").map(Number);
  if (!y || !mo || !d) return isoDate;
  const { locale, named } = intlLocaleFor(language);
  return dateTimeFormat(locale, { ...(named ? { dateStyle: style } : NUMERIC_DATE), timeZone: "UTC" }).format(
    new Date(Date.UTC(y, mo - 1, d)),
  );
}

/** Several calendar dates as one list in `language` ("30 ноября 2026 г. и 1 декабря 2026 г."), each date whole. */
export function formatCalendarDates(isoDates: readonly string[], language: string, style: "medium" | "long" = "medium"): string {
  const { locale } = intlLocaleFor(language);
  return new Intl.ListFormat(locale, { style: "long", type: "conjunction" }).format(
    isoDates.map((d) => formatCalendarDate(d, language, style)),
  );
}

/**
 * A money amount in `currency` as `language` writes it: "1 500 ₽" in Russian, "₽1,500" in English.
 * Whole amounts have no decimals; others have two. A code Intl does not know comes after the number.
 */
export function formatMoneyIn(amount: number, currency: string, language: string): string {
  const whole = Number.isInteger(amount);
  const digits = whole ? 0 : 2;
  const { locale } = intlLocaleFor(language);
  try {
    const parts = numberFormat(locale, {
      style: "currency",
      currency,
      currencyDisplay: "narrowSymbol",
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).formatToParts(amount);
    // In a right-to-left language a Latin symbol ("US$") is isolated, or its "$" jumps to the left ("$US").
    const rtl = textDirection(isLanguageCode(language) ? language : "en") === "rtl";
    return parts
      .map((part) => (rtl && part.type === "currency" && /[A-Za-z]/.test(part.value) ? `\u2066${part.value}\u2069` : part.value))
      .join("");
  } catch {
    const number = numberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
    return `${number.format(amount)} ${currency}`;
  }
}
