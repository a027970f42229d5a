import { and, desc, eq, isNotNull, isNull } from "drizzle-orm";

import type { Database, Queryable, Tx } from "../../db/database.ts";
import { lockPeopleFirst } from "../../db/lock-order.ts";
import { shiftAttendance, timesheets } from "../../db/schema/index.ts";
import { isCheckInOpen, mayRecordAbsent, minutesBetween, shiftDayAt, shiftDayEnd } from "../../domain/attendance.ts";
import type { RateLimits } from "../../domain/limits.ts";
import { isActiveJob } from "../../domain/statuses.ts";
import { employerApprovalDeadline } from "../../domain/timesheets.ts";
import type { BackgroundQueue } from "../background-jobs.ts";
import { rateRefusal } from "../limits/rate-limit.ts";
import { payIsSecured } from "../money/holds/pay-state.ts";
import { inTransaction, isRefusal, refusal } from "../refusal.ts";
import { recordPresence } from "../reliability/record.ts";
import { appendTimesheetEvents } from "../timesheets/history.ts";
import { tellTimesheetReady } from "../timesheets/notices.ts";
import { existingJobSecret, isValidCode } from "./code.ts";
import { hiredShiftJob, isHiredOn, lockHire, type Hire } from "./shift-job.ts";
import { attendanceView, timesheetView } from "./views.ts";

type CheckParams = { jobId: string; workerId: string; code: string; now: Date };
type Deps = { rateLimits: RateLimits; queue: BackgroundQueue };

type CheckInRefusal =
  | "attendance_denied"
  | "attendance_code_wrong"
  | "shift_job_closed"
  | "no_shift_today"
  | "already_checked_in"
  | "check_out_first"
  | "not_hired_for_day"
  | "pay_not_secured_worker";
type CheckOutRefusal = "attendance_denied" | "attendance_code_wrong" | "not_checked_in" | "check_out_too_late";

/** The worker's latest check-in on the job that has no check-out yet. */
async function openCheckIn(tx: Queryable, applicationId: string) {
  const [row] = await tx
    .select()
    .from(shiftAttendance)
    .where(
      and(
        eq(shiftAttendance.applicationId, applicationId),
        isNotNull(shiftAttendance.checkedInAt),
        isNull(shiftAttendance.checkedOutAt),
      ),
    )
    .orderBy(desc(shiftAttendance.checkedInAt))
    .limit(1);
  return row ?? null;
}

/**
 * The part both share: only a hired worker of the job gets further (anyone else, and no such job, is
 * Access Denied), and every try is counted against RATE_LIMITS.attendanceCode for this worker and job
 * before anything else, in its own statement, so a wrong code's rollback does not undo the count.
 */
async function hiredAndCounted(db: Database, deps: Deps, params: CheckParams) {
  const hire = await hiredShiftJob(db, params.jobId, params.workerId);
  if (!hire) return refusal("attendance_denied");
  const limited = await rateRefusal(db, deps.rateLimits, params.workerId, "attendanceCode", params.jobId);
  return limited ?? hire;
}

/** Inside the transaction: the people, then the hire's row, locked; then the code, judged on the server's clock. */
async function lockAndCheckCode(
  tx: Tx,
  hire: Hire,
  params: CheckParams,
): Promise<"attendance_denied" | "attendance_code_wrong" | null> {
  if (!(await lockPeopleFirst(tx, [hire.workerId, hire.ownerId]))) return "attendance_denied";
  if (!(await lockHire(tx, hire.applicationId))) return "attendance_denied";
  const secret = await existingJobSecret(tx, hire.jobId);
  return secret && isValidCode(secret, params.code, params.now) ? null : "attendance_code_wrong";
}

/**
 * A worker's check-in within the window wins over an owner's absent mark of the day made before
 * `absentFrom` (when the shift's start time was moved later after it, or a mark from before decision
 * 056): the day becomes present from now, the no-show is taken back and the absent day's 0-minute
 * timesheet goes (the check-out makes the day's own). Null when the day's record stands.
 */
async function overrideEarlyAbsence(tx: Tx, hire: Hire, date: string, now: Date) {
  if (mayRecordAbsent(date, hire.startTime, hire.timeZone, now)) return null;
  const day = and(eq(shiftAttendance.applicationId, hire.applicationId), eq(shiftAttendance.shiftDate, date));
  const [present] = await tx
    .update(shiftAttendance)
    .set({ presence: "present", checkedInAt: now, checkInBy: "worker", checkedOutAt: null, checkOutBy: null, updatedAt: now })
    .where(and(day, eq(shiftAttendance.presence, "absent")))
    .returning();
  if (!present) return null;
  await tx.delete(timesheets).where(and(eq(timesheets.applicationId, hire.applicationId), eq(timesheets.shiftDate, date)));
  await recordPresence(tx, { workerId: hire.workerId, jobId: hire.jobId, shiftDate: date, presence: "present", now });
  return present;
}

/**
 * A hired worker checks in with the code the owner shows, on a shift day of an open or in-progress job
 * (from CHECK_IN_EARLY_MINUTES before it begins to its end, in the job's time zone). Once per day, and
 * not while an earlier check-in is still open. The hire's row is locked for the whole action, and the
 * (application, day) unique index backs it: two racing check-ins write one row.
 */
export async function checkIn(db: Database, deps: Deps, params: CheckParams) {
  const hire = await hiredAndCounted(db, deps, params);
  if (isRefusal(hire)) return hire;
  return inTransaction(db, async (tx, refuse: (reason: CheckInRefusal) => never) => {
    if (!isActiveJob(hire.status)) return refuse("shift_job_closed");
    const codeProblem = await lockAndCheckCode(tx, hire, params);
    if (codeProblem) return refuse(codeProblem);
    const shift = shiftDayAt(hire, params.now);
    if (!shift) return refuse("no_shift_today");
    // Hired for some days of the job only: not this one (docs/decisions/035).
    if (!isHiredOn(hire, shift.date)) return refuse("not_hired_for_day");
    // Through Daywork, nobody starts work whose pay is not held (docs/decisions/079).
    if (!(await payIsSecured(tx, hire.jobId))) return refuse("pay_not_secured_worker");
    const open = await openCheckIn(tx, hire.applicationId);
    if (open && open.shiftDate !== shift.date && open.checkedInAt && isCheckInOpen(open.checkedInAt, params.now)) {
      return refuse("check_out_first");
    }
    const [row] = await tx
      .insert(shiftAttendance)
      .values({
        jobId: hire.jobId,
        applicationId: hire.applicationId,
        shiftDate: shift.date,
        presence: "present",
        checkedInAt: params.now,
        checkInBy: "worker",
        createdAt: params.now,
        updatedAt: params.now,
      })
      .onConflictDoNothing({ target: [shiftAttendance.applicationId, shiftAttendance.shiftDate] })
      .returning();
    // The day is already recorded: by an earlier check-in, or by the owner (present or absent). An
    // absent mark from before the no-show could be recorded yields to the check-in (docs/decisions/056).
    const written = row ?? (await overrideEarlyAbsence(tx, hire, shift.date, params.now));
    if (!written) return refuse("already_checked_in");
    return { attendance: attendanceView(written, hire.timeZone), dayIndex: shift.dayIndex, timeZone: hire.timeZone };
  });
}

/**
 * The hired worker checks out of their open check-in with the current code, within
 * OPEN_CHECK_IN_MAX_MINUTES of it (later, the owner records the day). The day's timesheet is made with
 * the minutes between, waiting for the owner until EMPLOYER_APPROVAL_HOURS after the day ends; the
 * owner is told (once per job and day).
 */
export async function checkOut(db: Database, deps: Deps, params: CheckParams) {
  const hire = await hiredAndCounted(db, deps, params);
  if (isRefusal(hire)) return hire;
  return inTransaction(db, async (tx, refuse: (reason: CheckOutRefusal) => never) => {
    const codeProblem = await lockAndCheckCode(tx, hire, params);
    if (codeProblem) return refuse(codeProblem);
    const open = await openCheckIn(tx, hire.applicationId);
    if (!open?.checkedInAt) return refuse("not_checked_in");
    if (!isCheckInOpen(open.checkedInAt, params.now)) return refuse("check_out_too_late");
    if (params.now.getTime() <= open.checkedInAt.getTime()) return refuse("not_checked_in");

    const [closed] = await tx
      .update(shiftAttendance)
      .set({ checkedOutAt: params.now, checkOutBy: "worker", updatedAt: params.now })
      .where(and(eq(shiftAttendance.id, open.id), isNull(shiftAttendance.checkedOutAt)))
      .returning();
    if (!closed?.checkedInAt) return refuse("not_checked_in");

    const minutes = minutesBetween(closed.checkedInAt, params.now);
    const [timesheet] = await tx
      .insert(timesheets)
      .values({
        jobId: hire.jobId,
        applicationId: hire.applicationId,
        shiftDate: closed.shiftDate,
        status: "pending_employer",
        recordedMinutes: minutes,
        minutes,
        employerDeadline: employerApprovalDeadline(shiftDayEnd(closed.shiftDate, hire.timeZone), params.now),
        createdAt: params.now,
        updatedAt: params.now,
      })
      .returning();
    if (!timesheet) throw new Error("timesheet insert returned nothing");
    await appendTimesheetEvents(tx, [
      {
        timesheetId: timesheet.id,
        actor: "worker",
        action: "recorded",
        oldMinutes: null,
        newMinutes: minutes,
        reason: null,
        at: params.now,
      },
    ]);
    await tellTimesheetReady(tx, deps.queue, {
      jobId: hire.jobId,
      jobTitle: hire.title,
      ownerId: hire.ownerId,
      workerId: hire.workerId,
      shiftDate: closed.shiftDate,
    });
    return { attendance: attendanceView(closed, hire.timeZone), timesheet: timesheetView(timesheet), timeZone: hire.timeZone };
  });
}
