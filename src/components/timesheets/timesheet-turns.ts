import type { TimesheetStatus } from "../../../domain/timesheets.ts";

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
