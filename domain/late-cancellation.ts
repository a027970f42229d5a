import { todayIn } from "./age.ts";
import { nextHiredDay } from "./applications.ts";
import { lateCancellationPay } from "./cancellation-pay.ts";
import type { JobCurrency } from "./currencies.ts";
import { isLateCancellation } from "./reliability.ts";

/** A hired worker's place on a job, as a cancellation of it is judged (docs/decisions/078). */
export type CancelledHire = {
  readonly startDate: string;
  readonly durationDays: number;
  /** The shift's start time ("HH:MM[:SS]"); null: the day starts at local midnight. */
  readonly startTime: string | null;
  /** The job's time zone (domain/jobs.ts jobTimeZone). */
  readonly timeZone: string;
  /** The days the worker is hired for; null: every day of the job. */
  readonly days: readonly string[] | null;
  /** The job's hourly rate as Postgres prints it; null: negotiable. */
  readonly hourlyRate: string | null;
  readonly currency: JobCurrency;
};

/** What an employer's late cancellation owes one worker: for which day, and how much (null: no stated rate). */
export type CompensationOwed = { readonly shiftDate: string; readonly amountMinor: bigint | null };

/**
 * What the employer owes a hired worker whose place they cancel at `now`, or null when nothing: the
 * worker's next day (the one their own withdrawal is measured against, domain/applications.ts
 * nextHiredDay) starts in less than LATE_CANCELLATION_HOURS, or has begun; nothing once all their days
 * are over. The notice a worker owes to leave is the notice they are owed (docs/decisions/056, 078).
 */
export function compensationOwed(hire: CancelledHire, now: Date): CompensationOwed | null {
  const day = nextHiredDay(hire, hire.days, todayIn(hire.timeZone, now));
  if (day === null || !isLateCancellation(day, hire.timeZone, now, hire.startTime)) return null;
  return { shiftDate: day, amountMinor: lateCancellationPay(hire.hourlyRate, hire.currency) };
}

/**
 * The ledger's idempotency key of a compensation: one per hired application and cancelled day, so a
 * retried cancellation posts it once; ids only, never a person (docs/decisions/076).
 */
export function compensationKey(applicationId: string, shiftDate: string): string {
  return `compensation:${applicationId}:${shiftDate}`;
}
