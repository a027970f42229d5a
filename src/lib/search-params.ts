import { returnPath } from "../../domain/return-path.ts";

/**
 * Readers of a page's URL search parameters. Every page's route runs them at start, so they are small
 * functions rather than a validation library (which the forms load with their own pages): each returns
 * the value, or undefined when it is absent or does not parse, so a mistyped or stale link still opens
 * the page, without the bad value.
 */
export type Param<T> = (raw: unknown) => T | undefined;

type Read<S> = { [K in keyof S]?: S[K] extends Param<infer T> ? T : never };

/**
 * A route's `validateSearch`: each key read by its reader; a key that is absent or does not parse is
 * undefined. Set, not left out: the router lays the validated search over the raw one, so a key left out
 * would come through unread (a `redirect=//elsewhere` reaching the sign-in form, docs/decisions/053).
 */
export function searchParams<S extends Record<string, Param<unknown>>>(shape: S): (search: Record<string, unknown>) => Read<S> {
  return (search) => {
    const read: Record<string, unknown> = {};
    for (const [key, reader] of Object.entries(shape)) read[key] = reader(search[key]);
    return read as Read<S>;
  };
}

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

/**
 * A string of digits such as a code, at most `max` long. The router reads "123456" in an address as a
 * number (and "012345", no JSON number, as text): both come back as the text that was written.
 */
export function digits(max: number): Param<string> {
  return (raw) => {
    const value = typeof raw === "number" && Number.isSafeInteger(raw) && raw >= 0 ? String(raw) : raw;
    return typeof value === "string" && value.length <= max && /^\d+$/.test(value) ? value : undefined;
  };
}

/**
 * Digits as `digits` reads them, kept in the form the router writes back into the address unquoted: a
 * number ("123456"), or text only where no JSON number could be read from it ("012345"). A digit string
 * kept as text would come back as `?code=%22123456%22` when the router settles the address, and the QR
 * code's link would no longer read as the one the owner's screen showed.
 */
export function addressDigits(max: number): Param<string | number> {
  const read = digits(max);
  return (raw) => {
    const value = read(raw);
    if (value === undefined) return undefined;
    return /^[1-9]\d*$/.test(value) && Number.isSafeInteger(Number(value)) ? Number(value) : value;
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

/** A path of this site to go back to afterwards (`redirect=`); anything that could leave the site is dropped. */
export const returnTo: Param<string> = returnPath;
