import type { Queryable } from "../../db/database.ts";
import { todayIn } from "../../domain/age.ts";
import { localTime } from "../../domain/attendance.ts";
import type { LanguageCode } from "../../domain/languages.ts";
import { earningsFor, isAgreedTimesheet, type TimesheetStatus } from "../../domain/timesheets.ts";
import { m } from "../i18n/paraglide/messages.js";
import { csvDocument } from "./csv.ts";
import { jobTimesheets } from "./job-timesheets.ts";

type Options = { locale: LanguageCode };

/** The status column's words (a day without a timesheet reads "No record"). */
const STATUS_LABEL: Record<TimesheetStatus | "no_record", (params: object, options: Options) => string> = {
  no_record: m.timesheet_status_no_record,
  pending_employer: m.timesheet_status_pending_employer,
  approved: m.timesheet_status_approved,
  edited: m.timesheet_status_edited,
  accepted: m.timesheet_status_accepted,
  disputed: m.timesheet_status_disputed,
  resolved: m.timesheet_status_resolved,
  auto_approved: m.timesheet_status_auto_approved,
};

const hours = (minutes: number | null | undefined) =>
  minutes === null || minutes === undefined ? null : (minutes / 60).toFixed(2);
const money = (amount: number | null) => (amount === null ? null : amount.toFixed(2));

/** An instant as the job's local date and time, "2026-05-04 08:00". */
function local(instant: Date | null, timeZone: string): string | null {
  return instant ? `${todayIn(timeZone, instant)} ${localTime(instant, timeZone)}` : null;
}

/**
 * A job's timesheets as CSV (docs/product.md, Shift operations): the owner gets every hired worker, a
 * hired worker their own; anyone else null. One line per worker and day that has begun (or has a
 * record), then one total line per worker with the agreed hours and pay (the database's sum). Headers
 * and statuses in the caller's language; times in the job's zone; numbers with a decimal point.
 */
export async function timesheetsCsv(
  db: Queryable,
  params: { jobId: string; callerId: string; now: Date; locale: LanguageCode },
): Promise<{ fileName: string; contentType: string; csv: string } | null> {
  const sheet = await jobTimesheets(db, params);
  if (!sheet) return null;
  const options = { locale: params.locale };
  const { job } = sheet;
  const header = [
    m.timesheet_csv_job({}, options),
    m.timesheet_csv_date({}, options),
    m.timesheet_csv_worker({}, options),
    m.timesheet_csv_check_in({}, options),
    m.timesheet_csv_check_out({}, options),
    m.timesheet_csv_recorded_hours({}, options),
    m.timesheet_csv_hours({}, options),
    m.timesheet_csv_status({}, options),
    m.timesheet_csv_rate({}, options),
    m.timesheet_csv_currency({}, options),
    m.timesheet_csv_earned({}, options),
  ];
  const rate = job.hourlyRate === null ? null : job.hourlyRate.toFixed(2);
  const lines = sheet.rows
    .filter((row) => row.begun || row.attendance || row.timesheet)
    .map((row) => {
      const t = row.timesheet;
      const agreed = t !== null && isAgreedTimesheet(t.status);
      return [
        job.title,
        row.date,
        row.workerName,
        local(row.attendance?.checkedInAt ?? null, job.timeZone),
        local(row.attendance?.checkedOutAt ?? null, job.timeZone),
        hours(t?.recordedMinutes),
        hours(t?.minutes),
        STATUS_LABEL[t?.status ?? "no_record"]({}, options),
        rate,
        job.currency,
        agreed ? money(earningsFor(t.minutes, job.hourlyRate)) : null,
      ];
    });
  const totals = sheet.workers.map((w) => [
    job.title,
    m.timesheet_csv_total({}, options),
    w.name,
    null,
    null,
    null,
    hours(w.earnings.agreedMinutes),
    null,
    rate,
    job.currency,
    money(w.earnings.amount),
  ]);
  return {
    fileName: `timesheets-${job.startDate}-${job.id.slice(0, 8)}.csv`,
    contentType: "text/csv; charset=utf-8",
    csv: csvDocument([header, ...lines, ...totals]),
  };
}
