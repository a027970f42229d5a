import { currencySymbol } from "../../domain/currencies";
import { getLocale } from "../paraglide/runtime.js";

/** A calendar date (YYYY-MM-DD) in the reader's language, without time-zone shifts. */
export function formatDate(isoDate: string, style: "medium" | "long" = "medium"): string {
  const [y, mo, d] = isoDate.split("-").map(Number);
  return new Intl.DateTimeFormat(getLocale(), { dateStyle: style, timeZone: "UTC" }).format(
    new Date(Date.UTC(y ?? 1970, (mo ?? 1) - 1, d ?? 1)),
  );
}

/** A timestamp's date and time in the reader's language and time zone. */
export function formatDateTime(value: Date | string): string {
  return new Intl.DateTimeFormat(getLocale(), { dateStyle: "medium", timeStyle: "short" }).format(new Date(value));
}

/** A money amount with the job currency's symbol, digits grouped for the reader's language. */
export function formatMoney(amount: number, currency: string): string {
  const number = new Intl.NumberFormat(getLocale(), { minimumFractionDigits: 0, maximumFractionDigits: 2 }).format(amount);
  return `${currencySymbol(currency)}${number}`;
}

/** A number in the reader's language, e.g. an average rating to one decimal. */
export function formatNumber(value: number, fractionDigits = 0): string {
  return new Intl.NumberFormat(getLocale(), {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(value);
}
