import { todayIn } from "../../domain/age.ts";
import {
  dateTimeFormat,
  formatCalendarDate,
  formatCalendarDates,
  formatMoneyIn,
  hasIntlData,
  intlLocaleFor,
  numberFormat,
  NUMERIC_DATE,
} from "../../domain/intl-locale.ts";
import { m } from "../paraglide/messages.js";
import { getLocale } from "../paraglide/runtime.js";

// Every date, time, number, money amount, percentage and file size a person sees goes through here, so
// it is written the way the reader's language writes it (Intl, with the current paraglide locale).

export { hasIntlData };

/** The locale Intl formats with for the reader, and whether it can name months and units. */
function readerLocale(): { locale: string; named: boolean } {
  return intlLocaleFor(getLocale());
}

/** A calendar date (YYYY-MM-DD) in the reader's language, without time-zone shifts. */
export function formatDate(isoDate: string, style: "medium" | "long" = "medium"): string {
  return formatCalendarDate(isoDate, getLocale(), style);
}

/** Several calendar dates (YYYY-MM-DD) as one list in the reader's language. */
export function formatDates(isoDates: readonly string[], style: "medium" | "long" = "medium"): string {
  return formatCalendarDates(isoDates, getLocale(), style);
}

/** A timestamp's calendar day in the reader's time zone and language (reviews, certificates, consent). */
export function formatDay(value: Date | string, style: "medium" | "long" = "medium"): string {
  return formatDate(todayIn(undefined, new Date(value)), style);
}

/** A timestamp's date and time in the reader's language and time zone. */
export function formatDateTime(value: Date | string): string {
  const { locale, named } = readerLocale();
  const options: Intl.DateTimeFormatOptions = named
    ? { dateStyle: "medium", timeStyle: "short" }
    : { ...NUMERIC_DATE, hour: "2-digit", minute: "2-digit" };
  return dateTimeFormat(locale, options).format(new Date(value));
}

/** A timestamp's time of day only ("14:05", "2:05 PM", "٢:٠٥ م"), in the reader's time zone. */
export function formatTime(value: Date | string): string {
  return dateTimeFormat(readerLocale().locale, { timeStyle: "short" }).format(new Date(value));
}

/**
 * A timestamp as chats show it: the time only when it is today (in the reader's time zone), else the
 * date and the time.
 */
export function formatMessageTime(value: Date | string, now: Date = new Date()): string {
  const date = new Date(value);
  return todayIn(undefined, date) === todayIn(undefined, now) ? formatTime(date) : formatDateTime(date);
}

/**
 * A money amount in the job's currency as the reader's language writes it: "1 500 ₽" in Russian,
 * "₽1,500" in English. Whole amounts have no decimals; others have two.
 */
export function formatMoney(amount: number, currency: string): string {
  return formatMoneyIn(amount, currency, getLocale());
}

/** A number in the reader's language, e.g. an average rating to one decimal. */
export function formatNumber(value: number, fractionDigits = 0): string {
  return numberFormat(readerLocale().locale, {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(value);
}

/** A whole percentage (0–100) in the reader's language ("42 %", "42%", "٤٢٪"). */
export function formatPercent(percent: number): string {
  return numberFormat(readerLocale().locale, { style: "percent", maximumFractionDigits: 0 }).format(percent / 100);
}

const KB = 1024;
const MB = 1024 * 1024;

/**
 * A file size in the reader's language: "850 kB", "1,2 МБ", "1,3 Mo". Sizes under a kilobyte are a
 * fraction of one ("0,4 kB"): Intl's byte is a whole word in some languages ("360 byte"). Where the
 * browser has no data for the language (Chromium's Uzbek, Kazakh, Turkmen) our own messages name the unit.
 */
export function formatFileSize(bytes: number): string {
  const megabytes = bytes >= MB;
  const value = megabytes ? bytes / MB : Math.max(bytes / KB, bytes > 0 ? 0.1 : 0);
  const { locale, named } = readerLocale();
  if (!named) {
    const size = numberFormat(locale, { maximumFractionDigits: 1 }).format(value);
    return megabytes ? m.file_size_mb({ size }) : m.file_size_kb({ size });
  }
  const unit = megabytes ? "megabyte" : "kilobyte";
  return numberFormat(locale, { style: "unit", unit, unitDisplay: "short", maximumFractionDigits: 1 }).format(value);
}
