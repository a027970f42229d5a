// Calendar days (YYYY-MM-DD) and wall-clock times in a time zone: pure, with no schema, so the screens
// that only count days (a job's clock, its status badge) load none of the attendance schemas.
import { dateTimeFormat } from "./intl-locale.ts";

const DAY_MS = 86_400_000;

/** `date` (YYYY-MM-DD) plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole calendar days from `from` to `to` (both YYYY-MM-DD); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The dates of a job's shifts, day 0 first. */
export function shiftDates(startDate: string, durationDays: number): string[] {
  return Array.from({ length: durationDays }, (_, i) => addDays(startDate, i));
}

/** The day of a job's shift `date` is (0 for the start date), or null when it is not one of its days. */
export function shiftDayIndex(startDate: string, durationDays: number, date: string): number | null {
  const index = daysBetween(startDate, date);
  return index >= 0 && index < durationDays ? index : null;
}

/** The UTC offset of `timeZone` at `instant`, in minutes (east positive). */
function offsetMinutes(instant: Date, timeZone: string): number {
  const name =
    dateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" })
      .formatToParts(instant)
      .find((part) => part.type === "timeZoneName")?.value ?? "GMT";
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  return (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
}

/**
 * The instant the clocks of `timeZone` show `time` (HH:MM) on `date`. A wall time skipped by a daylight
 * saving change lands just after the change.
 */
export function instantAt(date: string, time: string, timeZone: string): Date {
  const [y, mo, d] = date.split("-").map(Number);
  const [h, mi] = time.split(":").map(Number);
  const wall = Date.UTC(y ?? 1970, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0);
  const first = wall - offsetMinutes(new Date(wall), timeZone) * 60_000;
  return new Date(wall - offsetMinutes(new Date(first), timeZone) * 60_000);
}

/** The wall-clock time (HH:MM, 24-hour) `instant` shows in `timeZone`. */
export function localTime(instant: Date, timeZone: string): string {
  return dateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(instant);
}

/** When a shift day ends in the job's time zone: the local midnight after it. */
export function shiftDayEnd(date: string, timeZone: string): Date {
  return instantAt(addDays(date, 1), "00:00", timeZone);
}
