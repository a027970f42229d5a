import { z } from "zod";

import { ERR } from "./errors.ts";
import { jobIdSchema, uuidSchema } from "./ids.ts";
import { pageCursorSchema } from "./page-cursor.ts";
import { boundedText } from "./text.ts";

/**
 * Timesheets (docs/product.md, Shift operations; docs/decisions/032): one per hired worker and shift
 * day, holding the minutes worked. The owner approves or edits (with a reason); the worker then accepts
 * or disputes within WORKER_ANSWER_HOURS; a dispute is resolved by the owner. Unanswered ones settle
 * on their own at their deadlines.
 *
 *   pending_employer ──approve──▶ approved ──accept──▶ accepted
 *        │   └──────────edit────▶ edited  ──dispute─▶ disputed ──resolve──▶ resolved
 *        └── EMPLOYER_APPROVAL_HOURS pass ──▶ auto_approved (the recorded minutes)
 *   approved / edited ── WORKER_ANSWER_HOURS pass ──▶ accepted
 */
export const TIMESHEET_STATUSES = [
  "pending_employer",
  "approved",
  "edited",
  "accepted",
  "disputed",
  "resolved",
  "auto_approved",
] as const;
export type TimesheetStatus = (typeof TIMESHEET_STATUSES)[number];

/** Statuses whose minutes both sides have agreed (or are held to): they count as earnings. */
export const AGREED_TIMESHEET_STATUSES = ["accepted", "resolved", "auto_approved"] as const satisfies readonly TimesheetStatus[];

/** The owner may still approve or edit: nobody has answered for the worker yet. */
export const OWNER_OPEN_TIMESHEET_STATUSES = [
  "pending_employer",
  "approved",
  "edited",
] as const satisfies readonly TimesheetStatus[];

/** Waiting for the worker's answer. */
export const WORKER_ANSWER_STATUSES = ["approved", "edited"] as const satisfies readonly TimesheetStatus[];

/** True when `status` is agreed (final). */
export function isAgreedTimesheet(status: TimesheetStatus): boolean {
  return (AGREED_TIMESHEET_STATUSES as readonly TimesheetStatus[]).includes(status);
}

/** What happened to a timesheet, one row each in its append-only history. */
export const TIMESHEET_ACTIONS = [
  /** Made: by the worker's check-out, or by the owner recording the day. */
  "recorded",
  "approved",
  /** The owner changed the minutes or the day's times (with a reason). */
  "edited",
  "accepted",
  "disputed",
  "resolved",
  /** The owner's deadline passed: approved with the recorded minutes. */
  "auto_approved",
  /** The worker's deadline passed: accepted as the owner left it. */
  "auto_accepted",
  /** An operator settled a dispute escalated to them (docs/decisions/074). */
  "settled",
] as const;
export type TimesheetAction = (typeof TIMESHEET_ACTIONS)[number];

/** Who did it: the worker, the job's owner, the deadline (nobody), or an operator settling a dispute. */
export const TIMESHEET_ACTORS = ["worker", "owner", "system", "operator"] as const;
export type TimesheetActor = (typeof TIMESHEET_ACTORS)[number];

/** The worker answers (accept or dispute) within this many hours of the owner's approval or edit. */
export const WORKER_ANSWER_HOURS = 48;

/** The owner approves within this many hours of the shift's end (or the check-out, if later). */
export const EMPLOYER_APPROVAL_HOURS = 72;

/** A day holds at most 24 hours of work. */
export const TIMESHEET_MINUTES_MAX = 24 * 60;

/** A reason (edit, dispute, resolution, correction) is at most this long. */
export const TIMESHEET_REASON_MAX = 500;

/** The owner approves at most this many timesheets in one call (a day of a full job is 100). */
export const TIMESHEET_APPROVE_MAX = 100;

/** The worker's earnings list holds this many jobs a page. */
export const EARNINGS_PAGE = 20;

/**
 * Whether the owner may still approve, edit or re-record a timesheet at `now`: not once the worker has
 * answered or their window has passed (it is accepted as it stands: "state"), and not a pending one
 * past the owner's own deadline (it is approved as recorded: "deadline").
 */
export function ownerMayChangeAt(
  sheet: { status: TimesheetStatus; employerDeadline: Date | null; workerDeadline: Date | null },
  now: Date,
): "ok" | "state" | "deadline" {
  if (!(OWNER_OPEN_TIMESHEET_STATUSES as readonly TimesheetStatus[]).includes(sheet.status)) return "state";
  if (sheet.status === "pending_employer") return sheet.employerDeadline && sheet.employerDeadline <= now ? "deadline" : "ok";
  return sheet.workerDeadline && sheet.workerDeadline <= now ? "state" : "ok";
}

/** When the worker's answer is due for an approval or edit made at `at`. */
export function workerAnswerDeadline(at: Date): Date {
  return new Date(at.getTime() + WORKER_ANSWER_HOURS * 3_600_000);
}

/** When the owner's approval is due: EMPLOYER_APPROVAL_HOURS after the shift day ends or the check-out, whichever is later. */
export function employerApprovalDeadline(shiftEnd: Date, checkedOutAt: Date): Date {
  return new Date(Math.max(shiftEnd.getTime(), checkedOutAt.getTime()) + EMPLOYER_APPROVAL_HOURS * 3_600_000);
}

/** Pay for `minutes` at `hourlyRate`, rounded to cents (as the database's numeric rounds it); null without a rate. */
export function earningsFor(minutes: number, hourlyRate: number | null): number | null {
  if (hourlyRate === null) return null;
  return Math.round((minutes * hourlyRate * 100) / 60) / 100;
}

export const timesheetIdSchema = uuidSchema(ERR.timesheetNotFound);

/** Minutes of work on one day, 0 to 24 hours. */
export const timesheetMinutesSchema = z
  .number({ error: ERR.timesheetMinutesRange })
  .int(ERR.timesheetMinutesRange)
  .min(0, ERR.timesheetMinutesRange)
  .max(TIMESHEET_MINUTES_MAX, ERR.timesheetMinutesRange);

/** Why the minutes change or are disputed: required, trimmed, at most TIMESHEET_REASON_MAX. */
export const timesheetReasonSchema = boundedText({
  min: 1,
  max: TIMESHEET_REASON_MAX,
  required: ERR.timesheetReasonRequired,
  tooShort: ERR.timesheetReasonRequired,
  tooLong: ERR.timesheetReasonTooLong,
});

/** One timesheet: the worker's accept, its history. */
export const timesheetRefSchema = z.object({ timesheetId: timesheetIdSchema });

/** The owner approves pending timesheets of one job as recorded (one or a whole day's). */
export const timesheetApproveSchema = z.object({
  timesheetIds: z
    .array(timesheetIdSchema, { error: ERR.timesheetNotFound })
    .min(1, ERR.timesheetNotFound)
    .max(TIMESHEET_APPROVE_MAX, ERR.timesheetNotFound),
});

/** The owner changes the minutes (edit, before the worker answered) or settles a dispute (resolve). */
export const timesheetMinutesChangeSchema = z.object({
  timesheetId: timesheetIdSchema,
  minutes: timesheetMinutesSchema,
  reason: timesheetReasonSchema,
});

/** The worker disputes, saying why and, if they like, the minutes they claim. */
export const timesheetDisputeSchema = z.object({
  timesheetId: timesheetIdSchema,
  reason: timesheetReasonSchema,
  minutes: timesheetMinutesSchema.nullish().transform((v) => v ?? null),
});

/** A job's timesheets (the owner's all, a hired worker's own) and their CSV. */
export const jobTimesheetsSchema = z.object({ jobId: jobIdSchema });

/** The worker's earnings, a page of jobs at a time (newest hire first). */
export const earningsListSchema = z.object({ cursor: pageCursorSchema.nullish() });
