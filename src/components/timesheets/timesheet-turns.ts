import type { DirectPayState } from "../../../domain/direct-pay.ts";
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

/** What the viewer may do about a directly paid day: the owner marks an owed one paid, the worker confirms a marked one. */
export function directPayAction(owner: boolean, state: DirectPayState): "mark" | "confirm" | null {
  if (owner) return state === "owed" ? "mark" : null;
  return state === "marked_paid" ? "confirm" : null;
}
