import type { TimesheetStatus } from "../../../domain/timesheets.ts";

/** Whole seconds from `now` until `at` (never below 0): the countdown to the code's rotation. */
export function secondsUntil(at: Date | string, now: number): number {
  return Math.max(0, Math.ceil((new Date(at).getTime() - now) / 1000));
}

/** Minutes as hours with up to two decimals (450 → 7.5), for showing and for the minutes fields. */
export function minutesToHours(minutes: number): number {
  return Math.round((minutes / 60) * 100) / 100;
}

/** Hours typed in a field (comma or point, "7,5") as whole minutes, or null when not a number in 0–24. */
export function hoursToMinutes(text: string): number | null {
  const value = Number(text.trim().replace(",", "."));
  if (text.trim() === "" || !Number.isFinite(value) || value < 0 || value > 24) return null;
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
