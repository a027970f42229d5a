import { sql } from "drizzle-orm";
import { bigint, check, date, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

import { ATTENDANCE_PRESENCE, ATTENDANCE_RECORDERS } from "../../domain/attendance.ts";
import { TIMESHEET_ACTIONS, TIMESHEET_ACTORS, TIMESHEET_STATUSES } from "../../domain/timesheets.ts";
import { jobApplications } from "./applications.ts";
import { jobs } from "./jobs.ts";

/*
 * Shift attendance and timesheets (docs/decisions/032). Shifts are implicit: a job's start date plus a
 * day index, in the job's time zone. Rows name the hired worker through their application (never a
 * person column), so they go with the application, the job or the account, and who acted is a role
 * (worker, owner, system) the application and job already name.
 */

export const attendancePresenceEnum = pgEnum("attendance_presence", ATTENDANCE_PRESENCE);
export const attendanceRecorderEnum = pgEnum("attendance_recorder", ATTENDANCE_RECORDERS);
export const timesheetStatusEnum = pgEnum("timesheet_status", TIMESHEET_STATUSES);
export const timesheetActionEnum = pgEnum("timesheet_action", TIMESHEET_ACTIONS);
export const timesheetActorEnum = pgEnum("timesheet_actor", TIMESHEET_ACTORS);

/**
 * The secret a job's rotating check-in codes are derived from (server/attendance/code.ts): made when
 * the owner first shows a code, never sent to anyone.
 */
export const jobAttendanceSecrets = pgTable("job_attendance_secrets", {
  jobId: uuid("job_id")
    .primaryKey()
    .references(() => jobs.id, { onDelete: "cascade" }),
  secret: text("secret").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One hired worker's attendance on one shift day: present with check-in (and, once they left,
 * check-out) instants, or absent. `shift_date` is the local day in the job's time zone.
 */
export const shiftAttendance = pgTable(
  "shift_attendance",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    jobId: uuid("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => jobApplications.id, { onDelete: "cascade" }),
    shiftDate: date("shift_date").notNull(),
    presence: attendancePresenceEnum("presence").notNull(),
    checkedInAt: timestamp("checked_in_at", { withTimezone: true }),
    checkedOutAt: timestamp("checked_out_at", { withTimezone: true }),
    checkInBy: attendanceRecorderEnum("check_in_by"),
    checkOutBy: attendanceRecorderEnum("check_out_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    // One row per worker and day: two racing check-ins insert one.
    uniqueIndex("shift_attendance_application_date_uq").on(t.applicationId, t.shiftDate),
    // A job's days (the owner's timesheet page).
    index("shift_attendance_job_date_idx").on(t.jobId, t.shiftDate),
    check(
      "shift_attendance_times",
      sql`${t.checkedOutAt} is null or (${t.checkedInAt} is not null and ${t.checkedOutAt} > ${t.checkedInAt})`,
    ),
    check(
      "shift_attendance_presence",
      sql`(${t.presence} = 'present' and ${t.checkedInAt} is not null) or (${t.presence} = 'absent' and ${t.checkedInAt} is null and ${t.checkedOutAt} is null)`,
    ),
  ],
);
export type ShiftAttendance = typeof shiftAttendance.$inferSelect;

/**
 * The minutes of one hired worker on one shift day and where both sides stand on them
 * (domain/timesheets.ts). `recorded_minutes` are the attendance's when the timesheet was made;
 * `minutes` what is proposed now, or agreed. Each status that waits for someone has its deadline.
 */
export const timesheets = pgTable(
  "timesheets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    jobId: uuid("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => jobApplications.id, { onDelete: "cascade" }),
    shiftDate: date("shift_date").notNull(),
    status: timesheetStatusEnum("status").notNull(),
    recordedMinutes: integer("recorded_minutes"),
    minutes: integer("minutes").notNull(),
    /** pending_employer: auto-approved with the recorded minutes from then on. */
    employerDeadline: timestamp("employer_deadline", { withTimezone: true }),
    /** approved or edited: accepted as it stands from then on. */
    workerDeadline: timestamp("worker_deadline", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("timesheets_application_date_uq").on(t.applicationId, t.shiftDate),
    index("timesheets_job_date_idx").on(t.jobId, t.shiftDate),
    // The deadline pass (server/timesheets/deadlines.ts): what is due, oldest first.
    index("timesheets_employer_due_idx")
      .on(t.employerDeadline)
      .where(sql`${t.status} = 'pending_employer'`),
    index("timesheets_worker_due_idx")
      .on(t.workerDeadline)
      .where(sql`${t.status} in ('approved', 'edited')`),
    check("timesheets_minutes", sql`${t.minutes} between 0 and 1440`),
    check("timesheets_recorded_minutes", sql`${t.recordedMinutes} between 0 and 1440`),
  ],
);
export type Timesheet = typeof timesheets.$inferSelect;

/**
 * Every change of a timesheet, appended and never updated (a trigger of migration 0012 refuses
 * UPDATE): who (a role), what, the minutes before and after, why, and when. Both sides read it.
 */
export const timesheetEvents = pgTable(
  "timesheet_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    timesheetId: uuid("timesheet_id")
      .notNull()
      .references(() => timesheets.id, { onDelete: "cascade" }),
    actor: timesheetActorEnum("actor").notNull(),
    action: timesheetActionEnum("action").notNull(),
    oldMinutes: integer("old_minutes"),
    newMinutes: integer("new_minutes"),
    reason: text("reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("timesheet_events_timesheet_idx").on(t.timesheetId, t.id),
    check("timesheet_events_reason_len", sql`char_length(${t.reason}) <= 500`),
  ],
);
export type TimesheetEvent = typeof timesheetEvents.$inferSelect;
