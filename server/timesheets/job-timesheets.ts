import { and, asc, eq, inArray } from "drizzle-orm";

import type { Queryable } from "../../db/database.ts";
import { jobApplications, profiles, shiftAttendance, timesheets } from "../../db/schema/index.ts";
import { todayIn } from "../../domain/age.ts";
import { absentFrom, shiftDates, shiftDayIndex } from "../../domain/attendance.ts";
import { isAgreedTimesheet } from "../../domain/timesheets.ts";
import { formerHireShiftJob, hiredShiftJob, ownedShiftJob } from "../attendance/shift-job.ts";
import { attendanceView, timesheetView, type AttendanceView, type TimesheetView } from "../attendance/views.ts";
import { escalationStates, type EscalationState } from "../disputes/states.ts";
import { directPayStates, type DirectPayView } from "../money/direct-pay-states.ts";
import { jobEarnings, type Earnings } from "./earnings.ts";
import { latestChanges, type LatestChange } from "./history.ts";

/**
 * The job as seen by the owner (every hire) or by one hired worker (their own), also after they
 * withdrew when days of theirs have timesheets; null for anyone else.
 */
async function viewerOf(db: Queryable, jobId: string, callerId: string) {
  const owned = await ownedShiftJob(db, jobId, callerId);
  if (owned) return { job: owned, viewer: "owner" as const, workerId: null };
  const hired = await hiredShiftJob(db, jobId, callerId);
  if (hired) return { job: hired, viewer: "worker" as const, workerId: callerId };
  const former = await formerHireShiftJob(db, jobId, callerId);
  if (former) return { job: former, viewer: "worker" as const, workerId: callerId };
  return null;
}

/** One hire's day: what was recorded, its timesheet, the latest change (with its reason). */
export type TimesheetRow = {
  applicationId: string;
  workerId: string;
  workerName: string;
  date: string;
  /** 0 for the start date; null for a day recorded before the job's dates were changed. */
  dayIndex: number | null;
  /** The day has begun in the job's time zone (a day to the future has nothing to record yet). */
  begun: boolean;
  /**
   * The worker is hired for this day (not for a day of someone hired for other days, nor after they
   * withdrew: docs/decisions/035), so the owner may record it.
   */
  hired: boolean;
  /** From when the worker may be recorded absent that day (docs/decisions/056). */
  absentFrom: Date;
  attendance: AttendanceView | null;
  timesheet: TimesheetView | null;
  latestChange: LatestChange | null;
  /** A directly paid day's pay once agreed, as the ledger records it: owed, marked paid, confirmed. */
  directPay: Omit<DirectPayView, "amountMinor"> | null;
} & EscalationState;

/**
 * A job's timesheets (docs/product.md, Shift operations): for the owner every hired worker, for a hired
 * worker their own; one row per worker and shift day (and any other day something was recorded), with
 * the day's attendance, timesheet and latest change; earnings per worker; whether every day that has
 * begun is agreed. At most 100 workers × 7 days, so it is answered whole. Null for anyone else.
 */
export async function jobTimesheets(db: Queryable, params: { jobId: string; callerId: string; now: Date }) {
  const seen = await viewerOf(db, params.jobId, params.callerId);
  if (!seen) return null;
  const { job, workerId } = seen;
  const listed = await db
    .select({
      applicationId: jobApplications.id,
      workerId: jobApplications.workerId,
      name: profiles.fullName,
      status: jobApplications.status,
      days: jobApplications.days,
    })
    .from(jobApplications)
    .innerJoin(profiles, eq(profiles.id, jobApplications.workerId))
    .where(
      and(
        eq(jobApplications.jobId, job.jobId),
        // A worker who withdrew keeps the days already recorded for them (docs/decisions/035).
        inArray(jobApplications.status, ["accepted", "withdrawn"]),
        workerId ? eq(jobApplications.workerId, workerId) : undefined,
      ),
    )
    .orderBy(asc(profiles.fullName), asc(jobApplications.id));
  // A worker reads their own rows only: the rule is in the WHERE clause, as everywhere.
  const mine = workerId ? listed.map((h) => h.applicationId) : null;
  const ofJob = (table: typeof shiftAttendance | typeof timesheets) =>
    and(eq(table.jobId, job.jobId), mine ? inArray(table.applicationId, mine) : undefined);
  const attendance = await db.select().from(shiftAttendance).where(ofJob(shiftAttendance));
  const sheets = await db.select().from(timesheets).where(ofJob(timesheets));
  const changes = await latestChanges(db, job.jobId);
  const earnings = await jobEarnings(db, job.jobId, workerId);
  // Where each disputed timesheet stands with Daywork (docs/decisions/074).
  const escalations = await escalationStates(db, sheets);
  // Where each directly paid day's pay stands (docs/product.md, Shift operations): the job's ledger in one query.
  const paid = await directPayStates(db, job.jobId, mine ? sheets.map((s) => s.id) : null);

  const today = todayIn(job.timeZone, params.now);
  const dates = [
    ...new Set([
      ...shiftDates(job.startDate, job.durationDays),
      ...attendance.map((a) => a.shiftDate),
      ...sheets.map((s) => s.shiftDate),
    ]),
  ].sort();
  const key = (applicationId: string, date: string) => `${applicationId}:${date}`;
  const attendanceBy = new Map(attendance.map((a) => [key(a.applicationId, a.shiftDate), a]));
  const sheetBy = new Map(sheets.map((s) => [key(s.applicationId, s.shiftDate), s]));

  const recorded = new Set([...attendance, ...sheets].map((r) => r.applicationId));
  const hires = listed.filter((h) => h.status === "accepted" || recorded.has(h.applicationId));
  const rows: TimesheetRow[] = [];
  for (const date of dates) {
    for (const hire of hires) {
      const day = attendanceBy.get(key(hire.applicationId, date));
      const sheet = sheetBy.get(key(hire.applicationId, date));
      const dayIndex = shiftDayIndex(job.startDate, job.durationDays, date);
      // The days the worker is hired for (every day of the job, or some: docs/decisions/035); other
      // days only where something was recorded for them, which is all a worker who withdrew keeps.
      const hiredThatDay = hire.status === "accepted" && dayIndex !== null && (hire.days === null || hire.days.includes(date));
      if (!hiredThatDay && !day && !sheet) continue;
      rows.push({
        applicationId: hire.applicationId,
        workerId: hire.workerId,
        workerName: hire.name,
        date,
        dayIndex,
        begun: date <= today,
        hired: hiredThatDay,
        absentFrom: absentFrom(date, job.startTime, job.timeZone),
        attendance: day ? attendanceView(day, job.timeZone) : null,
        timesheet: sheet ? timesheetView(sheet) : null,
        latestChange: sheet ? (changes.get(sheet.id) ?? null) : null,
        directPay: sheet ? directPayOf(paid.get(sheet.id)) : null,
        ...((sheet && escalations.get(sheet.id)) ?? { escalation: null, escalableFrom: null }),
      });
    }
  }
  const noEarnings: Earnings = { agreedMinutes: 0, openMinutes: 0, amount: job.hourlyRate === null ? null : 0 };
  return {
    viewer: seen.viewer,
    job: {
      id: job.jobId,
      title: job.title,
      status: job.status,
      startDate: job.startDate,
      durationDays: job.durationDays,
      timeZone: job.timeZone,
      hourlyRate: job.hourlyRate,
      currency: job.currency,
      dates,
    },
    workers: hires.map((h) => ({
      applicationId: h.applicationId,
      workerId: h.workerId,
      name: h.name,
      earnings: earnings.get(h.applicationId) ?? noEarnings,
    })),
    rows,
    /**
     * Every day of the job has begun and every hired worker's day has an agreed timesheet: nothing is
     * left to settle before the owner completes the job.
     */
    allAgreed: rows.length > 0 && rows.every((r) => r.begun && r.timesheet !== null && isAgreedTimesheet(r.timesheet.status)),
  };
}

function directPayOf(view: DirectPayView | undefined): TimesheetRow["directPay"] {
  if (!view) return null;
  const { amountMinor: _minor, ...shown } = view;
  return shown;
}
