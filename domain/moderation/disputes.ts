import { z } from "zod";

import { rowIdSchema } from "../ids.ts";
import { timesheetIdSchema, timesheetMinutesSchema, timesheetReasonSchema } from "../timesheets.ts";
import { APPEAL_WINDOW_DAYS, appealIdSchema, appealTextSchema, DISPUTE_ESCALATION_HOURS } from "./decisions.ts";

/**
 * The marketplace's own disputes before operators (docs/decisions/074): a timesheet disputed for
 * DISPUTE_ESCALATION_HOURS goes to Daywork at either side's request, and a strike may be appealed by
 * its person within APPEAL_WINDOW_DAYS. Once per timesheet, once per strike.
 */

/** From when a timesheet disputed at `disputedAt` may be sent to operators. */
export function escalationOpensAt(disputedAt: Date): Date {
  return new Date(disputedAt.getTime() + DISPUTE_ESCALATION_HOURS * 3_600_000);
}

/** Until when a strike recorded at `createdAt` may be appealed. */
export function strikeAppealDeadline(createdAt: Date): Date {
  return new Date(createdAt.getTime() + APPEAL_WINDOW_DAYS * 86_400_000);
}

/** Either side of a disputed timesheet asks Daywork to decide, saying why. */
export const escalateTimesheetSchema = z.object({ timesheetId: timesheetIdSchema, text: appealTextSchema });

/** The strike's person appeals it. */
export const appealStrikeSchema = z.object({ strikeId: rowIdSchema, text: appealTextSchema });

/** An operator reads a dispute or strike appeal. */
export const disputeCaseSchema = z.object({ appealId: appealIdSchema });

/**
 * An operator settles an escalated timesheet: the final minutes and why. The note is the history line's
 * reason too, so it has a timesheet reason's bounds.
 */
export const settleTimesheetSchema = z.object({
  appealId: appealIdSchema,
  minutes: timesheetMinutesSchema,
  note: timesheetReasonSchema,
});
