import { returnPath } from "../../domain/return-path.ts";
import type { Param } from "../../domain/url-readers.ts";

// The readers a home filter uses live in domain/ with the list of home filters (domain/home-filters.ts).
export { calendarDay, numberIn, oneOf, text, type Param } from "../../domain/url-readers.ts";

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

/** A path of this site to go back to afterwards (`redirect=`); anything that could leave the site is dropped. */
export const returnTo: Param<string> = returnPath;
