import type { ShiftAttendance, Timesheet } from "../../db/schema/index.ts";
import { localTime, type AttendancePresence, type AttendanceRecorder } from "../../domain/attendance.ts";
import type { TimesheetStatus } from "../../domain/timesheets.ts";

/** One worker's day as both sides see it: instants, and the same as wall-clock times of the job's zone. */
export type AttendanceView = {
  id: string;
  applicationId: string;
  /** The shift day, YYYY-MM-DD in the job's time zone. */
  date: string;
  presence: AttendancePresence;
  checkedInAt: Date | null;
  checkedOutAt: Date | null;
  /** HH:MM in the job's time zone (the check-out may be on the next day: compare the instants). */
  checkInLocal: string | null;
  checkOutLocal: string | null;
  checkInBy: AttendanceRecorder | null;
  checkOutBy: AttendanceRecorder | null;
};

/** The attendance row as answered, its times also written in `timeZone`. */
export function attendanceView(row: ShiftAttendance, timeZone: string): AttendanceView {
  return {
    id: row.id,
    applicationId: row.applicationId,
    date: row.shiftDate,
    presence: row.presence,
    checkedInAt: row.checkedInAt,
    checkedOutAt: row.checkedOutAt,
    checkInLocal: row.checkedInAt ? localTime(row.checkedInAt, timeZone) : null,
    checkOutLocal: row.checkedOutAt ? localTime(row.checkedOutAt, timeZone) : null,
    checkInBy: row.checkInBy,
    checkOutBy: row.checkOutBy,
  };
}

/** A timesheet as answered to both sides. */
export type TimesheetView = {
  id: string;
  jobId: string;
  applicationId: string;
  date: string;
  status: TimesheetStatus;
  /** What the attendance said when the timesheet was made (null when made without times). */
  recordedMinutes: number | null;
  /** What is proposed now, or agreed. */
  minutes: number;
  /** While pending_employer: when it is approved on its own with the recorded minutes. */
  employerDeadline: Date | null;
  /** While approved or edited: when it is accepted on its own. */
  workerDeadline: Date | null;
  updatedAt: Date;
};

export function timesheetView(row: Timesheet): TimesheetView {
  return {
    id: row.id,
    jobId: row.jobId,
    applicationId: row.applicationId,
    date: row.shiftDate,
    status: row.status,
    recordedMinutes: row.recordedMinutes,
    minutes: row.minutes,
    employerDeadline: row.employerDeadline,
    workerDeadline: row.workerDeadline,
    updatedAt: row.updatedAt,
  };
}
