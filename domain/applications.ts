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

/** Accept and reject act on one application. */
export const applicationDecisionSchema = z.object({ applicationId: rowIdSchema });

/** What the apply card shows: no application yet, or the application's status. */
export type MyApplicationStatus = "none" | ApplicationStatus;

/** The owner can still accept applications: the job is active and below its max_workers. */
export function canAcceptMore(job: { status: JobStatus; acceptedCount: number; maxWorkers: number }): boolean {
  return isActiveJob(job.status) && job.acceptedCount < job.maxWorkers;
}
