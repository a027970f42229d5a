import { and, asc, eq, or, sql } from "drizzle-orm";

import type { Queryable } from "../../db/database.ts";
import { jobApplications, jobs, timesheetEvents, timesheets } from "../../db/schema/index.ts";
import type { TimesheetAction, TimesheetActor } from "../../domain/timesheets.ts";
import { timesheetView } from "../attendance/views.ts";

/** What a history line says, as both the history and the latest change read it. */
const changeColumns = {
  actor: timesheetEvents.actor,
  action: timesheetEvents.action,
  oldMinutes: timesheetEvents.oldMinutes,
  newMinutes: timesheetEvents.newMinutes,
  reason: timesheetEvents.reason,
  at: timesheetEvents.createdAt,
};

/** A timesheet's history holds at most this many changes as answered (a day sees a handful). */
const HISTORY_LIMIT = 200;

export type TimesheetChange = {
  timesheetId: string;
  actor: TimesheetActor;
  action: TimesheetAction;
  oldMinutes: number | null;
  newMinutes: number | null;
  reason: string | null;
  at: Date;
};

/** Appends changes to their timesheets' histories (the table refuses updates: it only grows). */
export async function appendTimesheetEvents(tx: Queryable, changes: readonly TimesheetChange[]): Promise<void> {
  if (changes.length === 0) return;
  await tx.insert(timesheetEvents).values(
    changes.map((c) => ({
      timesheetId: c.timesheetId,
      actor: c.actor,
      action: c.action,
      oldMinutes: c.oldMinutes,
      newMinutes: c.newMinutes,
      reason: c.reason,
      createdAt: c.at,
    })),
  );
}

/**
 * A timesheet and every change to it, oldest first, for the job's owner or the worker it is about;
 * null for anyone else (and for no such timesheet).
 */
export async function timesheetHistory(db: Queryable, timesheetId: string, callerId: string) {
  const [row] = await db
    .select({ timesheet: timesheets })
    .from(timesheets)
    .innerJoin(jobApplications, eq(jobApplications.id, timesheets.applicationId))
    .innerJoin(jobs, eq(jobs.id, timesheets.jobId))
    .where(and(eq(timesheets.id, timesheetId), or(eq(jobs.employerId, callerId), eq(jobApplications.workerId, callerId))));
  if (!row) return null;
  const events = await db
    .select({ id: timesheetEvents.id, ...changeColumns })
    .from(timesheetEvents)
    .where(eq(timesheetEvents.timesheetId, timesheetId))
    .orderBy(asc(timesheetEvents.id))
    .limit(HISTORY_LIMIT);
  return { timesheet: timesheetView(row.timesheet), events };
}

/** A change as the timesheet page shows it. */
export type LatestChange = {
  actor: TimesheetActor;
  action: TimesheetAction;
  oldMinutes: number | null;
  newMinutes: number | null;
  reason: string | null;
  at: Date;
};

/** The latest change of each timesheet of a job (the timesheet page shows its reason), keyed by timesheet. */
export async function latestChanges(db: Queryable, jobId: string): Promise<Map<string, LatestChange>> {
  const rows = await db
    .selectDistinctOn([timesheetEvents.timesheetId], { timesheetId: timesheetEvents.timesheetId, ...changeColumns })
    .from(timesheetEvents)
    .innerJoin(timesheets, eq(timesheets.id, timesheetEvents.timesheetId))
    .where(eq(timesheets.jobId, jobId))
    .orderBy(timesheetEvents.timesheetId, sql`${timesheetEvents.id} desc`);
  return new Map(rows.map(({ timesheetId, ...change }) => [timesheetId, change]));
}
