import type { TimesheetStatus } from "../../../domain/timesheets.ts";

/** Whole seconds from `now` until `at` (never below 0): the countdown to the code's rotation. */
export function secondsUntil(at: Date | string, now: number): number {
  return Math.max(0, Math.ceil((new Date(at).getTime() - now) / 1000));
}

/**
 * How far the server's clock runs ahead of this device's (negative: behind), in milliseconds: the
 * server's time in an answer less the device's time when the answer arrived. A countdown to a time the
 * server set (the code's rotation) reads `Date.now() + offset`, so a phone whose clock is a few minutes
 * off still counts the right seconds.
 */
export function serverClockOffset(serverTime: Date | string, receivedAt: number): number {
  return new Date(serverTime).getTime() - receivedAt;
}

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

/** The six digits of a typed code ("123 456" → "123456"), or null while it is not six digits. */
export function typedCode(text: string): string | null {
  const digits = text.replace(/\s+/g, "");
  return /^\d{6}$/.test(digits) ? digits : null;
}

/** The owner may approve (or edit) a timesheet while it waits for them. */
export function ownerCanApprove(status: TimesheetStatus): boolean {
  return status === "pending_employer";
}

/** The owner may edit until the worker answered. */
export function ownerCanEdit(status: TimesheetStatus): boolean {
  return status === "pending_employer" || status === "approved" || status === "edited";
}

/** The worker answers (accepts or disputes) an approval or an edit. */
export function workerCanAnswer(status: TimesheetStatus): boolean {
  return status === "approved" || status === "edited";
}

/** Saves `text` as a file named `fileName` (a Blob and a temporary link): the timesheets' CSV. */
export function downloadCsv(text: string, fileName: string, contentType: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: contentType }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** What attendance.mine answers, as far as the shift day's card and the phone's bottom bar read it. */
export type ShiftDayInput = {
  shift: { date: string } | null;
  canCheckIn: boolean;
  canCheckOut: boolean;
  days: { date: string; presence: "present" | "absent"; checkInLocal: string | null; checkOutLocal: string | null }[];
};

/**
 * A hired worker's shift day as the job page leads with it (docs/decisions/047): the day a check-in
 * now records (or the one still open for check-out), what the worker can do ("in", "out", or nothing
 * once the day is recorded) and the day's record. Null on a day that is not one of their shifts.
 */
export function shiftDay<T extends ShiftDayInput>(data: T) {
  const open = data.canCheckOut
    ? data.days.find((d) => d.checkInLocal && !d.checkOutLocal && d.presence === "present")
    : undefined;
  const date = open?.date ?? data.shift?.date;
  if (!date) return null;
  const action: "in" | "out" | null = data.canCheckOut ? "out" : data.canCheckIn ? "in" : null;
  return { date, action, record: (data.days.find((d) => d.date === date) ?? null) as T["days"][number] | null };
}
