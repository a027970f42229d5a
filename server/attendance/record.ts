import { and, eq } from "drizzle-orm";

import type { Database } from "../../db/database.ts";
import { lockPeopleFirst } from "../../db/lock-order.ts";
import { shiftAttendance, timesheets, type ShiftAttendance, type Timesheet } from "../../db/schema/index.ts";
import { todayIn } from "../../domain/age.ts";
import {
  mayRecordAbsent,
  minutesBetween,
  RECORDED_TIME_SLACK_MINUTES,
  recordedInstants,
  shiftDayIndex,
  type AttendanceRecorder,
  type AttendanceRecordValues,
} from "../../domain/attendance.ts";
import { ownerMayChangeAt, workerAnswerDeadline } from "../../domain/timesheets.ts";
import type { BackgroundQueue } from "../background-jobs.ts";
import { inTransaction, refusal } from "../refusal.ts";
import { recordPresence } from "../reliability/record.ts";
import { appendTimesheetEvents } from "../timesheets/history.ts";
import { tellWorker } from "../timesheets/notices.ts";
import { isHiredOn, lockHire, ownedHire } from "./shift-job.ts";
import { attendanceView, timesheetView } from "./views.ts";

type Refuse = (
  reason:
    | "not_found"
    | "timesheet_state"
    | "timesheet_deadline_passed"
    | "timesheet_reason_required"
    | "attendance_times_invalid"
    | "absent_checked_in",
) => never;

type Recorded = { presence: "present" | "absent"; checkedInAt: Date | null; checkedOutAt: Date | null };

const sameInstant = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

/** True when the new record says the same as what is stored. */
function unchanged(stored: ShiftAttendance | undefined, next: Recorded): boolean {
  return (
    stored !== undefined &&
    stored.presence === next.presence &&
    sameInstant(stored.checkedInAt, next.checkedInAt) &&
    sameInstant(stored.checkedOutAt, next.checkedOutAt)
  );
}

/** Who wrote a time now: the worker still, when the owner kept their instant; else the owner. */
function recorderOf(kept: Date | null, storedBy: AttendanceRecorder | null, stored: Date | null): AttendanceRecorder | null {
  if (!kept) return null;
  return storedBy && sameInstant(kept, stored) ? storedBy : "owner";
}

/**
 * The owner records a hired worker's begun shift day, present with times or absent (no-show only after
 * NO_SHOW_GRACE_MINUTES, docs/decisions/056); a complete day makes or edits its timesheet and gives the worker
 * WORKER_ANSWER_HOURS to answer (docs/decisions/032).
 */
export async function recordAttendance(
  db: Database,
  queue: BackgroundQueue,
  params: { ownerId: string; input: AttendanceRecordValues; now: Date },
) {
  const { ownerId, input, now } = params;
  const hire = await ownedHire(db, input.applicationId, ownerId);
  if (!hire) return refusal("not_found");
  const dayIndex = shiftDayIndex(hire.startDate, hire.durationDays, input.date);
  if (dayIndex === null || input.date > todayIn(hire.timeZone, now)) return refusal("shift_day_invalid");
  // A worker hired for some days is recorded (present, or absent: a no-show) only on those.
  if (!isHiredOn(hire, input.date)) return refusal("not_hired_for_day");
  // A no-show only once the worker's shift has started and its grace passed (docs/decisions/056).
  if (input.presence === "absent" && !mayRecordAbsent(input.date, hire.startTime, hire.timeZone, now)) {
    return refusal("absent_too_early");
  }

  const next: Recorded =
    input.presence === "absent"
      ? { presence: "absent", checkedInAt: null, checkedOutAt: null }
      : { presence: "present", ...recordedInstants(input.date, input, hire.timeZone) };
  const latest = now.getTime() + RECORDED_TIME_SLACK_MINUTES * 60_000;
  if ((next.checkedInAt?.getTime() ?? 0) > latest || (next.checkedOutAt?.getTime() ?? 0) > latest) {
    return refusal("attendance_times_invalid");
  }

  return inTransaction(db, async (tx, refuse: Refuse) => {
    if (!(await lockPeopleFirst(tx, [ownerId, hire.workerId]))) return refuse("not_found");
    if (!(await lockHire(tx, hire.applicationId))) return refuse("not_found");
    const day = and(eq(shiftAttendance.applicationId, hire.applicationId), eq(shiftAttendance.shiftDate, input.date));
    const [stored] = await tx.select().from(shiftAttendance).where(day);
    const [sheet] = await tx
      .select()
      .from(timesheets)
      .where(and(eq(timesheets.applicationId, hire.applicationId), eq(timesheets.shiftDate, input.date)));

    // The worker's own check-in with the code stands: a day they checked in is not a no-show.
    if (next.presence === "absent" && stored?.checkInBy === "worker") return refuse("absent_checked_in");
    if (sheet) {
      const verdict = ownerMayChangeAt(sheet, now);
      if (verdict === "state") return refuse("timesheet_state");
      if (verdict === "deadline") return refuse("timesheet_deadline_passed");
      // A check-out cannot be taken back once the day has its timesheet.
      if (next.presence === "present" && !next.checkedOutAt) return refuse("attendance_times_invalid");
    }
    const existing = stored !== undefined || sheet !== undefined;
    if (existing && unchanged(stored, next)) {
      return {
        attendance: stored ? attendanceView(stored, hire.timeZone) : null,
        timesheet: sheet ? timesheetView(sheet) : null,
      };
    }
    if (existing && !input.reason) return refuse("timesheet_reason_required");

    const values = {
      presence: next.presence,
      checkedInAt: next.checkedInAt,
      checkedOutAt: next.checkedOutAt,
      checkInBy: recorderOf(next.checkedInAt, stored?.checkInBy ?? null, stored?.checkedInAt ?? null),
      checkOutBy: recorderOf(next.checkedOutAt, stored?.checkOutBy ?? null, stored?.checkedOutAt ?? null),
      updatedAt: now,
    };
    const [attendance] = stored
      ? await tx.update(shiftAttendance).set(values).where(eq(shiftAttendance.id, stored.id)).returning()
      : await tx
          .insert(shiftAttendance)
          .values({ ...values, jobId: hire.jobId, applicationId: hire.applicationId, shiftDate: input.date, createdAt: now })
          .returning();
    if (!attendance) throw new Error("attendance write returned nothing");
    // An absent day is the worker's no-show; recorded present again, it is taken back (docs/decisions/033).
    await recordPresence(tx, { workerId: hire.workerId, jobId: hire.jobId, shiftDate: input.date, presence: next.presence, now });

    const complete = next.presence === "absent" || next.checkedOutAt !== null;
    let timesheet: Timesheet | undefined = sheet;
    if (complete) {
      const minutes = next.checkedInAt && next.checkedOutAt ? minutesBetween(next.checkedInAt, next.checkedOutAt) : 0;
      timesheet = await writeTimesheet(tx, { sheet, hire, date: input.date, minutes, reason: input.reason, now });
      await tellWorker(tx, queue, sheet ? "timesheet_edited" : "timesheet_approved", {
        jobId: hire.jobId,
        jobTitle: hire.title,
        ownerId,
        workerId: hire.workerId,
        shiftDate: input.date,
      });
    }
    return { attendance: attendanceView(attendance, hire.timeZone), timesheet: timesheet ? timesheetView(timesheet) : null };
  });
}

/** The day's timesheet after the owner's record: new and approved, or the existing one edited. */
async function writeTimesheet(
  tx: Parameters<typeof appendTimesheetEvents>[0],
  p: {
    sheet: Timesheet | undefined;
    hire: { jobId: string; applicationId: string };
    date: string;
    minutes: number;
    reason: string | null;
    now: Date;
  },
): Promise<Timesheet> {
  const answerBy = workerAnswerDeadline(p.now);
  const [written] = p.sheet
    ? await tx
        .update(timesheets)
        .set({ status: "edited", minutes: p.minutes, employerDeadline: null, workerDeadline: answerBy, updatedAt: p.now })
        .where(eq(timesheets.id, p.sheet.id))
        .returning()
    : await tx
        .insert(timesheets)
        .values({
          jobId: p.hire.jobId,
          applicationId: p.hire.applicationId,
          shiftDate: p.date,
          status: "approved",
          recordedMinutes: p.minutes,
          minutes: p.minutes,
          workerDeadline: answerBy,
          createdAt: p.now,
          updatedAt: p.now,
        })
        .returning();
  if (!written) throw new Error("timesheet write returned nothing");
  await appendTimesheetEvents(tx, [
    {
      timesheetId: written.id,
      actor: "owner",
      action: p.sheet ? "edited" : "recorded",
      oldMinutes: p.sheet?.minutes ?? null,
      newMinutes: p.minutes,
      reason: p.reason,
      at: p.now,
    },
  ]);
  return written;
}
