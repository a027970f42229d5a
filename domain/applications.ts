import { z } from "zod";

import { ERR } from "./errors.ts";
import { jobIdSchema, rowIdSchema } from "./ids.ts";
import { LIMITS } from "./limits.ts";
import { isActiveJob, type ApplicationStatus, type JobStatus } from "./statuses.ts";
import { optionalText } from "./text.ts";

/** The apply card: an optional message to the employer, trimmed; blank means none. */
export const applySchema = z.object({
  jobId: jobIdSchema,
  message: optionalText(LIMITS.message, ERR.applicationMessageTooLong),
});

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

/** What the apply card shows: no application yet, or the application's status. */
export type MyApplicationStatus = "none" | ApplicationStatus;

/** The owner can still accept applications: the job is active and below its max_workers. */
export function canAcceptMore(job: { status: JobStatus; acceptedCount: number; maxWorkers: number }): boolean {
  return isActiveJob(job.status) && job.acceptedCount < job.maxWorkers;
}
