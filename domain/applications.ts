import { z } from "zod";

import { shiftDates } from "./attendance.ts";
import { calendarDate } from "./calendar-date.ts";
import { ERR } from "./errors.ts";
import { idempotencyKeySchema } from "./idempotency.ts";
import { jobIdSchema, rowIdSchema } from "./ids.ts";
import { LIMITS } from "./limits.ts";
import { isActiveJob, type ApplicationStatus, type JobStatus } from "./statuses.ts";
import { optionalText } from "./text.ts";

/** A job has at most this many days, so an application names at most this many (docs/decisions/035). */
export const APPLICATION_DAYS_MAX = 7;

/**
 * The days of a multi-day job an application is for, when its owner lets workers choose (ISO dates,
 * each once, 1..APPLICATION_DAYS_MAX); absent or null is every day. Whether they are days of the job is
 * the procedure's check, against the stored job.
 */
export const applicationDaysSchema = z
  .array(calendarDate(ERR.applicationDaysInvalid), { error: ERR.applicationDaysInvalid })
  .min(1, ERR.applicationDaysEmpty)
  .max(APPLICATION_DAYS_MAX, ERR.applicationDaysInvalid)
  .refine((days) => new Set(days).size === days.length, ERR.applicationDaysInvalid)
  .nullish()
  .transform((days) => (days ? [...days].sort() : null));

/** The apply card: an optional message to the employer, trimmed; blank means none; optionally some days. */
export const applySchema = z.object({
  jobId: jobIdSchema,
  message: optionalText(LIMITS.message, ERR.applicationMessageTooLong),
  days: applicationDaysSchema,
  // Resent with the same key after a lost answer: the first application answers (docs/decisions/063).
  idempotencyKey: idempotencyKeySchema.optional(),
});

/**
 * The days an application asks for, judged against its job: null (every day) when it names none or all
 * of them; the days themselves when they are some of the job's and the job allows it; otherwise why not.
 */
export function applicationDaysFor(
  job: { startDate: string; durationDays: number; partialDays: boolean },
  days: readonly string[] | null,
): { ok: true; days: string[] | null } | { ok: false; reason: "days_not_allowed" | "days_not_of_job" } {
  if (!days) return { ok: true, days: null };
  const jobDays = shiftDates(job.startDate, job.durationDays);
  if (days.some((d) => !jobDays.includes(d))) return { ok: false, reason: "days_not_of_job" };
  if (days.length === jobDays.length) return { ok: true, days: null };
  if (!job.partialDays) return { ok: false, reason: "days_not_allowed" };
  return { ok: true, days: [...days].sort() };
}

/** A worker withdraws their own application (pending or accepted). */
export const withdrawSchema = z.object({ jobId: jobIdSchema });

/** Accept, reject and undoing a rejection act on one application. */
export const applicationDecisionSchema = z.object({ applicationId: rowIdSchema });

/**
 * How long the owner may take a rejection back (docs/decisions/026). The worker is told of it only once
 * this has passed, and until then sees the application as pending.
 */
export const REJECTION_UNDO_SECONDS = 10 * 60;

/** The moment a rejection made at `rejectedAt` can no longer be undone (and the worker is told). */
export function rejectionFinalAt(rejectedAt: Date): Date {
  return new Date(rejectedAt.getTime() + REJECTION_UNDO_SECONDS * 1000);
}

/** True while the owner may still restore an application rejected at `rejectedAt`. */
export function canUndoRejection(rejectedAt: Date, now: Date = new Date()): boolean {
  return now.getTime() < rejectionFinalAt(rejectedAt).getTime();
}

/**
 * The day a hired worker's withdrawal is measured against (docs/decisions/035): the first of their days
 * (every day of the job when `days` is null) from `today` on; null once all of them have passed.
 */
export function nextHiredDay(job: { startDate: string; durationDays: number }, days: readonly string[] | null, today: string) {
  return (days ?? shiftDates(job.startDate, job.durationDays)).find((d) => d >= today) ?? null;
}

/** What the apply card shows: no application yet, or the application's status. */
export type MyApplicationStatus = "none" | ApplicationStatus;

/** The owner can still accept applications: the job is active and below its max_workers. */
export function canAcceptMore(job: { status: JobStatus; acceptedCount: number; maxWorkers: number }): boolean {
  return isActiveJob(job.status) && job.acceptedCount < job.maxWorkers;
}
