import type { LanguageCode } from "../../../domain/languages.ts";
import { fromMinorUnits } from "../../../domain/minor-units.ts";
import type { PayMode } from "../../../domain/pay-mode.ts";
import { m } from "../../i18n/paraglide/messages.js";
import { csvDocument } from "../../timesheets/csv.ts";
import type { WorkerMonth } from "../ledger/worker-money.ts";
import type { JobStatement } from "./job-statement.ts";
import type { SpendLine } from "./spend.ts";

/*
 * Statements as CSV (docs/statements.md), with the timesheets' writer (server/timesheets/csv.ts):
 * headers in the reader's language, amounts in the currency's major unit with a decimal point and all
 * its minor digits ("350.50"), exactly as the ledger holds them, never through a float.
 */

type Options = { locale: LanguageCode };
export type CsvFile = { fileName: string; contentType: string; csv: string };

const CONTENT_TYPE = "text/csv; charset=utf-8";
const hours = (minutes: number) => (minutes / 60).toFixed(2);

/** How a job is paid, in words. */
export function payModeLabel(mode: PayMode | null, options: Options): string | null {
  if (mode === null) return null;
  return mode === "direct" ? m.job_form_pay_direct({}, options) : m.job_form_pay_through({}, options);
}

/** A worker's earnings by month, newest first: one line per month and currency. */
export function earningsCsv(months: readonly WorkerMonth[], options: Options): CsvFile {
  const header = [
    m.statement_month({}, options),
    m.timesheet_csv_currency({}, options),
    m.statement_held({}, options),
    m.statement_agreed({}, options),
    m.statement_paid_out({}, options),
    m.statement_direct_agreed({}, options),
    m.statement_direct_confirmed({}, options),
  ];
  const lines = months.map((row) => [
    row.month,
    row.currency,
    fromMinorUnits(row.heldAtEnd, row.currency),
    fromMinorUnits(row.agreed, row.currency),
    fromMinorUnits(row.paid, row.currency),
    fromMinorUnits(row.directAgreed, row.currency),
    fromMinorUnits(row.directConfirmed, row.currency),
  ]);
  return { fileName: "earnings-by-month.csv", contentType: CONTENT_TYPE, csv: csvDocument([header, ...lines]) };
}

/** An employer's spend, one line per job and currency, newest money first. */
export function spendCsv(lines: readonly SpendLine[], options: Options): CsvFile {
  const header = [
    m.timesheet_csv_job({}, options),
    m.statement_start_date({}, options),
    m.statement_pay_mode({}, options),
    m.timesheet_csv_currency({}, options),
    m.statement_work({}, options),
    m.statement_fee({}, options),
    m.statement_compensation({}, options),
    m.statement_authorised({}, options),
    m.statement_captured({}, options),
    m.statement_card_held({}, options),
    m.statement_released({}, options),
    m.statement_refunded({}, options),
    m.statement_outstanding({}, options),
    m.statement_direct_owed({}, options),
    m.statement_direct_marked_paid({}, options),
    m.statement_direct_confirmed({}, options),
  ];
  const rows = lines.map((line) => {
    const money = (minor: bigint) => fromMinorUnits(minor, line.currency);
    return [
      line.title ?? m.statement_job_gone({}, options),
      line.startDate,
      payModeLabel(line.payMode, options),
      line.currency,
      money(line.work),
      money(line.fee),
      money(line.compensation),
      money(line.authorised),
      money(line.captured),
      money(line.held),
      money(line.released),
      money(line.refunded),
      money(line.outstanding),
      money(line.directOwed),
      money(line.directMarkedPaid),
      money(line.directConfirmed),
    ];
  });
  return { fileName: "spend-by-job.csv", contentType: CONTENT_TYPE, csv: csvDocument([header, ...rows]) };
}

/** A worker's name on a statement, or their party's label once their account is gone. */
export function workerName(worker: { name: string | null; label: string }): string {
  return worker.name ?? worker.label;
}

/** One job's statement: a line per worker, then the job's totals as the ledger sums them. */
export function jobStatementCsv(statement: JobStatement, options: Options): CsvFile {
  const { job } = statement;
  const amount = (minor: bigint) => fromMinorUnits(minor, job.currency);
  const header = [
    m.timesheet_csv_job({}, options),
    m.timesheet_csv_worker({}, options),
    m.timesheet_csv_hours({}, options),
    m.timesheet_csv_currency({}, options),
    m.statement_pay({}, options),
    m.statement_compensation({}, options),
    m.statement_fee({}, options),
    m.statement_direct_marked_paid({}, options),
    m.statement_direct_confirmed({}, options),
  ];
  const workers = statement.workers.map((w) => [
    job.title,
    workerName(w),
    hours(w.agreedMinutes),
    job.currency,
    amount(w.pay),
    amount(w.compensation),
    amount(w.fee),
    amount(w.directMarkedPaid),
    amount(w.directConfirmed),
  ]);
  const t = statement.totals;
  const total = [
    job.title,
    m.timesheet_csv_total({}, options),
    hours(t.agreedMinutes),
    job.currency,
    amount(t.pay),
    amount(t.compensation),
    amount(t.fee),
    amount(t.directMarkedPaid),
    amount(t.directConfirmed),
  ];
  return {
    fileName: `job-statement-${job.startDate}-${job.id.slice(0, 8)}.csv`,
    contentType: CONTENT_TYPE,
    csv: csvDocument([header, ...workers, total]),
  };
}
