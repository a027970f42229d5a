import { m } from "../../paraglide/messages.js";

/** Minutes as hours and minutes, h:mm (505 → "8:25", 45 → "0:45"): what a worker reads off a clock. */
export function minutesToClock(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/**
 * Hours typed in a field as whole minutes: h:mm ("7:30"), or hours with a comma or a point ("7,5",
 * "8"); null when it is none of these or not within 0–24 hours.
 */
export function hoursToMinutes(text: string): number | null {
  const typed = text.trim();
  if (typed.includes(":")) {
    const clock = /^(\d{1,2}):(\d{2})$/.exec(typed);
    if (!clock) return null;
    const minutes = Number(clock[1]) * 60 + Number(clock[2]);
    return Number(clock[2]) < 60 && minutes <= 24 * 60 ? minutes : null;
  }
  const value = Number(typed.replace(",", "."));
  if (typed === "" || !Number.isFinite(value) || value < 0 || value > 24) return null;
  return Math.round(value * 60);
}

/** Minutes as h:mm in the reader's language: "8:25 hrs" (a decimal 8.42 reads as nobody's clock). */
export function hoursText(minutes: number): string {
  return m.shift_hours({ hours: minutesToClock(minutes) });
}
