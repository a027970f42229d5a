import { asc, eq } from "drizzle-orm";

import type { Queryable } from "../../db/database.ts";
import { shiftAttendance } from "../../db/schema/index.ts";
import { todayIn } from "../../domain/age.ts";
import { isCheckInOpen, shiftDates, shiftDayAt } from "../../domain/attendance.ts";
import { isActiveJob } from "../../domain/statuses.ts";
import { hiredShiftJob, isHiredOn } from "./shift-job.ts";
import { attendanceView } from "./views.ts";

/**
 * The hired worker's check-in card on the job page: their shift days (the days they are hired for), the shift a check-in now
 * would record, whether Check in and Check out would be taken now, and their days so far. Null for
 * anyone not hired for the job.
 */
export async function myAttendance(db: Queryable, params: { jobId: string; workerId: string; now: Date }) {
  const hire = await hiredShiftJob(db, params.jobId, params.workerId);
  if (!hire) return null;
  const rows = await db
    .select()
    .from(shiftAttendance)
    .where(eq(shiftAttendance.applicationId, hire.applicationId))
    .orderBy(asc(shiftAttendance.shiftDate));
  // Only the days the worker is hired for (docs/decisions/035).
  const dayNow = shiftDayAt(hire, params.now);
  const shift = dayNow && isHiredOn(hire, dayNow.date) ? dayNow : null;
  const open = rows
    .filter((r) => r.checkedInAt && !r.checkedOutAt && isCheckInOpen(r.checkedInAt, params.now))
    .sort((a, b) => (b.checkedInAt?.getTime() ?? 0) - (a.checkedInAt?.getTime() ?? 0))[0];
  const dates = shiftDates(hire.startDate, hire.durationDays).filter((d) => isHiredOn(hire, d));
  const today = todayIn(hire.timeZone, params.now);
  const recordedToday = shift ? rows.some((r) => r.shiftDate === shift.date) : false;
  return {
    jobId: hire.jobId,
    applicationId: hire.applicationId,
    jobStatus: hire.status,
    timeZone: hire.timeZone,
    /** Today's date in the job's time zone: the page says "Today" of the shift only when it is. */
    today,
    shiftDates: dates,
    /** The shift a check-in now would record; null outside the check-in window of every day. */
    shift,
    /** The first shift day from today on (null once the last has passed). */
    nextShiftDate: dates.find((d) => d >= today) ?? null,
    canCheckIn: isActiveJob(hire.status) && shift !== null && !recordedToday && open === undefined,
    canCheckOut: open !== undefined,
    openCheckIn: open ? attendanceView(open, hire.timeZone) : null,
    days: rows.map((row) => attendanceView(row, hire.timeZone)),
  };
}
