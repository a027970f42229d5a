import { z } from "zod";
import { ERR } from "./errors.ts";
import { LIMITS } from "./limits.ts";
import type { ApplicationStatus } from "./statuses.ts";

/** A job's id as a procedure input: a malformed id is answered like a missing job. */
export const jobUuidSchema = z.guid(ERR.jobNotFound);

/** A person's id (better-auth user ids are opaque strings). */
export const userIdSchema = z.string().min(1, ERR.notFound).max(100, ERR.notFound);

/** The apply card: an optional message to the employer, trimmed; blank means none. */
export const applySchema = z.object({
  jobId: jobUuidSchema,
  message: z
    .string()
    .trim()
    .max(LIMITS.message, ERR.applicationMessageTooLong)
    .transform((v) => (v === "" ? null : v))
    .nullish()
    .transform((v) => v ?? null),
});
export type ApplyInput = z.input<typeof applySchema>;

/** Accept and reject act on one application. */
export const applicationDecisionSchema = z.object({ applicationId: z.guid(ERR.notFound) });

/** Any input that names one job. */
export const jobRefSchema = z.object({ jobId: jobUuidSchema });

/** What the apply card shows: no application yet, or the application's status. */
export type MyApplicationStatus = "none" | ApplicationStatus;

/** Accept stays possible while accepted applications are below the job's max_workers. */
export function hasOpenPositions(job: { acceptedCount: number; maxWorkers: number }): boolean {
  return job.acceptedCount < job.maxWorkers;
}
