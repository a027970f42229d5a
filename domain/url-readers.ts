/**
 * Readers of values in a page's address (or any value from outside): each returns the value, or
 * undefined when it is absent or does not parse, so a mistyped or stale link still opens the page
 * without the bad value. No validation library: the first screen's routes run them at start.
 */
export type Param<T> = (raw: unknown) => T | undefined;

/** One of `values` exactly. */
export function oneOf<const T extends readonly (string | number | boolean)[]>(values: T): Param<T[number]> {
  return (raw) => (values.includes(raw as T[number]) ? (raw as T[number]) : undefined);
}

/** Text, trimmed, at most `max` characters (and `pattern` when given). */
export function text(max: number, pattern?: RegExp): Param<string> {
  return (raw) => {
    if (typeof raw !== "string") return undefined;
    const value = raw.trim();
    return value.length <= max && (!pattern || pattern.test(value)) ? value : undefined;
  };
}

/** A number from `min` to `max`, whole when `integer`. */
export function numberIn(min: number, max: number, integer = false): Param<number> {
  return (raw) => (typeof raw === "number" && raw >= min && raw <= max && (!integer || Number.isInteger(raw)) ? raw : undefined);
}

/** A real calendar day as YYYY-MM-DD (year 1 onwards). */
export const calendarDay: Param<string> = (raw) => {
  if (typeof raw !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(raw)) return undefined;
  const [year, month, day] = raw.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? raw : undefined;
};
