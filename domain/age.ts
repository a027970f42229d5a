import { dateTimeFormat } from "./intl-locale.ts";

/** Whole years between an ISO date of birth (YYYY-MM-DD) and `today` (YYYY-MM-DD). */
export function ageOn(dateOfBirth: string, today: string): number {
  const [by, bm, bd] = dateOfBirth.split("-").map(Number);
  const [ty, tm, td] = today.split("-").map(Number);
  if (!by || !bm || !bd || !ty || !tm || !td) return Number.NaN;
  const hadBirthday = tm > bm || (tm === bm && td >= bd);
  return ty - by - (hadBirthday ? 0 : 1);
}

/** Today's calendar date as YYYY-MM-DD in the given IANA time zone (the server's when omitted). */
export function todayIn(timeZone?: string, now: Date = new Date()): string {
  return dateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}
