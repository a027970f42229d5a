/** Job lifecycle (docs/product.md, Job lifecycle): only the owner moves a job, and only along these edges. */
export const JOB_STATUSES = ["open", "in_progress", "completed", "cancelled"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/**
 * An open or in-progress job is active: not finished, so its owner can still hire for it (accept
 * applications) or cancel it. Completed and cancelled jobs are final.
 */
export const ACTIVE_JOB_STATUSES = ["open", "in_progress"] as const satisfies readonly JobStatus[];

/** True for a job that is open or in progress. */
export function isActiveJob(status: JobStatus): boolean {
  return (ACTIVE_JOB_STATUSES as readonly JobStatus[]).includes(status);
}

/**
 * The owner's status actions and the transitions each performs. Nobody has to press Start: a job is in
 * progress once its first shift starts (domain/job-clock.ts shownJobStatus), and an open job is
 * completed directly (docs/decisions/048). Start stays for callers that still send it.
 */
export const JOB_ACTIONS = {
  start: { from: ["open"], to: "in_progress" },
  complete: { from: ["open", "in_progress"], to: "completed" },
  cancel: { from: ACTIVE_JOB_STATUSES, to: "cancelled" },
} as const satisfies Record<string, { from: readonly JobStatus[]; to: JobStatus }>;
export type JobAction = keyof typeof JOB_ACTIONS;

/** The actions the owner may take on a job in `status`. */
export function allowedJobActions(status: JobStatus): JobAction[] {
  return (Object.keys(JOB_ACTIONS) as JobAction[]).filter((a) => (JOB_ACTIONS[a].from as readonly JobStatus[]).includes(status));
}

/**
 * Application lifecycle: pending, then accepted or rejected by the job's owner; the worker may withdraw
 * a pending or accepted one (docs/decisions/035).
 */
export const APPLICATION_STATUSES = ["pending", "accepted", "rejected", "withdrawn"] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/**
 * Invitation lifecycle (docs/decisions/036): pending until the worker accepts (and is hired) or
 * declines, or the owner cancels it; a job that stops hiring leaves it unanswerable.
 */
export const INVITATION_STATUSES = ["pending", "accepted", "declined", "cancelled"] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];
