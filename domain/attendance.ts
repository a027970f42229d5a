import { z } from "zod";

import { todayIn } from "./age.ts";
import { calendarDate } from "./calendar-date.ts";
import { ERR } from "./errors.ts";
import { jobIdSchema, rowIdSchema } from "./ids.ts";
import { optionalText, typedText } from "./text.ts";
import { TIMESHEET_REASON_MAX } from "./timesheets.ts";
import { addDays, instantAt, shiftDayEnd, shiftDayIndex } from "./wall-clock.ts";

/**
 * Shift attendance (docs/product.md, Shift operations; docs/decisions/032). A job of N days has one
 * shift per day, day 0 on its start date, counted in the job's time zone (`jobTimeZone`). Hired workers
 * check in and out with the rotating code the owner shows; the owner may also record a day themselves.
 */

/** The rotating code: 6 digits from an HMAC of the job's secret and the 30-second step it belongs to. */
// Calendar days and wall-clock times are zod-free, so a page can read them without the schemas below.
export { addDays, daysBetween, instantAt, localTime, shiftDates, shiftDayEnd, shiftDayIndex } from "./wall-clock.ts";

export const ATTENDANCE_CODE = {
  digits: 6,
  stepSeconds: 30,
  /** Steps before the current one whose code is still taken: the code just replaced on the owner's screen. */
  previousStepsAccepted: 1,
} as const;

/** Check-in opens this long before a shift day begins (local midnight), and closes when the day ends. */
export const CHECK_IN_EARLY_MINUTES = 120;

/**
 * A check-in can be checked out of for this long. Past it, it no longer blocks the next check-in and
 * only the owner can record that day's times (a forgotten check-out is theirs to settle).
 */
export const OPEN_CHECK_IN_MAX_MINUTES = 16 * 60;

/** True while a check-in made at `checkedInAt` may still be checked out of (and blocks a new one). */
export function isCheckInOpen(checkedInAt: Date, now: Date): boolean {
  return now.getTime() - checkedInAt.getTime() < OPEN_CHECK_IN_MAX_MINUTES * 60_000;
}

/**
 * A worker may be recorded absent (a no-show, a strike) only once this long has passed since their
 * shift's start time: an hour late is still late, not absent. A job that states no start time may be
 * worked any time of the day, so its no-show waits for the day's end (docs/decisions/056).
 */
export const NO_SHOW_GRACE_MINUTES = 60;

/** When a shift day starts: the job's start time on `date`, or local midnight when it states none. */
export function shiftStartsAt(date: string, startTime: string | null, timeZone: string): Date {
  return instantAt(date, startTime?.slice(0, 5) ?? "00:00", timeZone);
}

/**
 * From when a hired worker may be recorded absent on `date`: NO_SHOW_GRACE_MINUTES after the shift's
 * start, or the day's end when the job states no start time. Before it, a check-in with the code wins.
 */
export function absentFrom(date: string, startTime: string | null, timeZone: string): Date {
  if (!startTime) return shiftDayEnd(date, timeZone);
  return new Date(shiftStartsAt(date, startTime, timeZone).getTime() + NO_SHOW_GRACE_MINUTES * 60_000);
}

/** True when a no-show on `date` may be recorded at `now` (see absentFrom). */
export function mayRecordAbsent(date: string, startTime: string | null, timeZone: string, now: Date): boolean {
  return now.getTime() >= absentFrom(date, startTime, timeZone).getTime();
}

/** Times an owner records may lie at most this far ahead of the clock (a phone a minute fast). */
export const RECORDED_TIME_SLACK_MINUTES = 5;

/** Whether a worker was there on a day; an absent day has no times. */
export const ATTENDANCE_PRESENCE = ["present", "absent"] as const;
export type AttendancePresence = (typeof ATTENDANCE_PRESENCE)[number];

/** Who wrote a check-in or check-out: the worker with the code, or the owner by hand. */
export const ATTENDANCE_RECORDERS = ["worker", "owner"] as const;
export type AttendanceRecorder = (typeof ATTENDANCE_RECORDERS)[number];

/**
 * The shift a check-in at `now` belongs to: the job's day that it is today in the job's time zone, or,
 * when today is not one of its days, the day that begins within CHECK_IN_EARLY_MINUTES. Null otherwise.
 */
export function shiftDayAt(
  job: { startDate: string; durationDays: number; timeZone: string },
  now: Date,
): { date: string; dayIndex: number } | null {
  for (const at of [now, new Date(now.getTime() + CHECK_IN_EARLY_MINUTES * 60_000)]) {
    const date = todayIn(job.timeZone, at);
    const dayIndex = shiftDayIndex(job.startDate, job.durationDays, date);
    if (dayIndex !== null) return { date, dayIndex };
  }
  return null;
}

/** The 30-second step `now` falls in: the counter the rotating code is derived from. */
export function codeStep(now: Date): number {
  return Math.floor(now.getTime() / 1000 / ATTENDANCE_CODE.stepSeconds);
}

/** When the code of `now`'s step is replaced by the next one on the owner's screen. */
export function codeRotatesAt(now: Date): Date {
  return new Date((codeStep(now) + 1) * ATTENDANCE_CODE.stepSeconds * 1000);
}

/**
 * Minutes worked between a check-in and a check-out, counted between the times as both sides read
 * them (HH:MM, seconds dropped from each): 08:40:50 to 17:05:10 is 08:40 to 17:05, 8 h 25 min, not
 * the 8 h 24 min a floor of the difference would give (docs/decisions/047).
 */
export function minutesBetween(checkedInAt: Date, checkedOutAt: Date): number {
  const minute = (instant: Date) => Math.floor(instant.getTime() / 60_000);
  return Math.max(0, minute(checkedOutAt) - minute(checkedInAt));
}

/**
 * The instants of times the owner typed for a shift day: check-in on `date`, check-out on the same
 * date, or on the next when it is earlier than the check-in (a shift through midnight).
 */
export function recordedInstants(
  date: string,
  times: { checkIn: string; checkOut: string | null },
  timeZone: string,
): { checkedInAt: Date; checkedOutAt: Date | null } {
  const checkedInAt = instantAt(date, times.checkIn, timeZone);
  if (times.checkOut === null) return { checkedInAt, checkedOutAt: null };
  const outDate = times.checkOut < times.checkIn ? addDays(date, 1) : date;
  return { checkedInAt, checkedOutAt: instantAt(outDate, times.checkOut, timeZone) };
}

/** The code as typed or scanned: six digits, spaces allowed between them ("123 456"). */
export const attendanceCodeSchema = typedText({ error: ERR.attendanceCodeWrong })
  .max(20, ERR.attendanceCodeWrong)
  .transform((v) => v.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, ERR.attendanceCodeWrong));

/** A worker's check-in or check-out: the job and the code the owner shows. */
export const attendanceCheckSchema = z.object({ jobId: jobIdSchema, code: attendanceCodeSchema });

/** A wall-clock time of day, HH:MM (24-hour), in the job's time zone. */
const timeOfDaySchema = typedText({ error: ERR.attendanceTimesInvalid }).regex(
  /^([01]\d|2[0-3]):[0-5]\d$/,
  ERR.attendanceTimesInvalid,
);

const recordBase = {
  /** The hired worker's application (the rows of `timesheets.forJob` carry it). */
  applicationId: rowIdSchema,
  /** The shift day, YYYY-MM-DD in the job's time zone. */
  date: calendarDate(ERR.shiftDayInvalid),
  /** Why: required when it changes what the worker recorded (docs/product.md, Shift operations). */
  reason: optionalText(TIMESHEET_REASON_MAX, ERR.timesheetReasonTooLong),
};

/**
 * The owner records a worker's day: present with a check-in time and, once they left, a check-out time
 * (local HH:MM; a check-out earlier than the check-in is on the next day), or absent.
 */
export const attendanceRecordSchema = z.discriminatedUnion("presence", [
  z
    .object({
      ...recordBase,
      presence: z.literal("present"),
      checkIn: timeOfDaySchema,
      checkOut: timeOfDaySchema.nullish().transform((v) => v ?? null),
    })
    .refine((v) => v.checkOut !== v.checkIn, { path: ["checkOut"], message: ERR.attendanceTimesInvalid }),
  z.object({ ...recordBase, presence: z.literal("absent") }),
]);
export type AttendanceRecordInput = z.input<typeof attendanceRecordSchema>;
export type AttendanceRecordValues = z.output<typeof attendanceRecordSchema>;
