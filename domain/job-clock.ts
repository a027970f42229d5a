import type { JobStatus } from "./statuses.ts";
import { addDays, instantAt, shiftDayEnd } from "./wall-clock.ts";

/**
 * When a job's first shift starts: its start time on its start date (local midnight when no time is
 * stated), in the job's time zone (domain/jobs.ts jobTimeZone). The database stores the same instant
 * in jobs.starts_at (migration 0019, docs/decisions/048).
 */
export function jobStartsAt(startDate: string, startTime: string | null, timeZone: string): Date {
  return instantAt(startDate, (startTime ?? "00:00").slice(0, 5), timeZone);
}

/**
 * When a job's days are over: the local midnight after its last day, in the job's time zone. From then
 * on it is not listed and takes no applications, and its owner is asked to complete it
 * (docs/decisions/048). The database stores the same instant in jobs.ends_at.
 */
export function jobEndsAt(startDate: string, durationDays: number, timeZone: string): Date {
  return shiftDayEnd(addDays(startDate, Math.max(1, durationDays) - 1), timeZone);
}

/**
 * The status a person is shown: an open job whose first shift has started is in progress, with no
 * button pressed for it (docs/decisions/048). Completed and cancelled are the owner's.
 */
export function shownJobStatus(status: JobStatus, startsAt: Date | string | null, now: Date = new Date()): JobStatus {
  if (status !== "open" || startsAt === null) return status;
  return new Date(startsAt).getTime() <= now.getTime() ? "in_progress" : status;
}

/** True once `endsAt` has passed: the job's days are over. */
export function hasJobEnded(endsAt: Date | string | null, now: Date = new Date()): boolean {
  return endsAt !== null && new Date(endsAt).getTime() <= now.getTime();
}

/** True when a job takes applications: open, and its days not over (docs/decisions/048). */
export function takesApplications(job: { status: JobStatus; endsAt: Date | string | null }, now: Date = new Date()): boolean {
  return job.status === "open" && !hasJobEnded(job.endsAt, now);
}
