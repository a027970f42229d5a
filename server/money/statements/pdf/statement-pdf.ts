import type { JobCurrency } from "../../../../domain/currencies.ts";
import { formatCalendarDate } from "../../../../domain/intl-locale.ts";
import type { LanguageCode } from "../../../../domain/languages.ts";
import { toMinorUnits } from "../../../../domain/minor-units.ts";
import { formatHoursIn, formatMinorIn, formatStatementMonth } from "../../../../domain/money-format.ts";
import { m } from "../../../i18n/paraglide/messages.js";
import type { WorkerBalance, WorkerMonth } from "../../ledger/worker-money.ts";
import type { JobStatement } from "../job-statement.ts";
import { payModeLabel, workerName } from "../statement-csv.ts";
import type { WorkerMonthLine } from "../worker-month.ts";
import { StatementWriter, type Column } from "./pdf-writer.ts";

/*
 * Statements as PDF (docs/statements.md), in the reader's language: a job's receipt for its employer,
 * and a worker's month. Every figure is one the database summed over the ledger; the only sum made here
 * is the job's total (pay + compensation + fee), of figures the ledger gave.
 */

type Options = { language: LanguageCode; now: Date };
export type PdfFile = { fileName: string; contentType: string; body: Buffer };

/** The writer's output, and how many characters no face could draw (tests want none). */
export type PdfResult = PdfFile & { missingGlyphs: number };

function madeLine(currency: string, options: Options) {
  const date = formatCalendarDate(options.now.toISOString().slice(0, 10), options.language, "long");
  return m.statement_pdf_made({ date, currency }, { locale: options.language });
}

/** A job's receipt for its owner: the job, each worker's hours and pay, fee and total, and how the money moved. */
export async function jobStatementPdf(statement: JobStatement, options: Options): Promise<PdfResult> {
  const locale = { locale: options.language };
  const { job, money, totals } = statement;
  const amount = (minor: bigint) => formatMinorIn(minor, job.currency, options.language);
  const pdf = new StatementWriter(options.language, {
    title: `${m.statement_pdf_job_title({}, locale)}: ${job.title}`,
    now: options.now,
  });

  pdf.title(m.statement_pdf_job_title({}, locale));
  pdf.text(job.title, { size: "heading", gapAfter: 4 });
  const dates =
    job.startDate === job.endDate
      ? formatCalendarDate(job.startDate, options.language, "long")
      : `${formatCalendarDate(job.startDate, options.language, "long")} – ${formatCalendarDate(job.endDate, options.language, "long")}`;
  const rate = job.hourlyRate === null ? null : toMinorUnits(job.hourlyRate, job.currency);
  pdf.pairs([
    [m.statement_pdf_dates({}, locale), dates],
    [m.statement_pay_mode({}, locale), payModeLabel(job.payMode, locale) ?? ""],
    ...(rate === null ? [] : [[m.statement_pdf_rate({}, locale), amount(rate)] as const]),
  ]);

  const direct = job.payMode === "direct";
  const columns: Column[] = [
    { label: m.timesheet_csv_worker({}, locale), share: 3, align: "start" },
    { label: m.timesheet_csv_hours({}, locale), share: 1.2, align: "end" },
    { label: m.statement_pay({}, locale), share: 2, align: "end" },
    { label: m.statement_compensation({}, locale), share: 2, align: "end" },
    ...(direct
      ? [
          { label: m.statement_direct_marked_paid({}, locale), share: 2, align: "end" as const },
          { label: m.statement_direct_confirmed({}, locale), share: 2, align: "end" as const },
        ]
      : [{ label: m.statement_fee({}, locale), share: 2, align: "end" as const }]),
  ];
  const figures = (f: typeof totals) => [
    formatHoursIn(f.agreedMinutes, options.language),
    amount(f.pay),
    amount(f.compensation),
    ...(direct ? [amount(f.directMarkedPaid), amount(f.directConfirmed)] : [amount(f.fee)]),
  ];
  pdf.heading(m.statement_pdf_workers({}, locale));
  if (statement.workers.length === 0) pdf.text(m.statement_pdf_no_money({}, locale));
  else
    pdf.table(
      columns,
      [...statement.workers.map((w) => [workerName(w), ...figures(w)]), [m.timesheet_csv_total({}, locale), ...figures(totals)]],
      { boldLast: true },
    );

  pdf.heading(m.statement_pdf_total_due({}, locale));
  pdf.pairs(
    [
      [m.statement_work({}, locale), amount(totals.pay)],
      [m.statement_compensation({}, locale), amount(totals.compensation)],
      ...(direct ? [] : [[m.statement_fee({}, locale), amount(totals.fee)] as const]),
      [m.timesheet_csv_total({}, locale), amount(totals.pay + totals.compensation + totals.fee)],
    ],
    { boldLast: true },
  );

  if (money) {
    pdf.heading(direct ? m.statement_pdf_direct({}, locale) : m.statement_pdf_card({}, locale));
    pdf.pairs(
      direct
        ? [
            [m.statement_direct_owed({}, locale), amount(money.directOwed)],
            [m.statement_direct_marked_paid({}, locale), amount(money.directMarkedPaid)],
            [m.statement_direct_confirmed({}, locale), amount(money.directConfirmed)],
          ]
        : [
            [m.statement_authorised({}, locale), amount(money.authorised)],
            [m.statement_captured({}, locale), amount(money.captured)],
            [m.statement_card_held({}, locale), amount(money.held)],
            [m.statement_released({}, locale), amount(money.released)],
            [m.statement_refunded({}, locale), amount(money.refunded)],
            [m.statement_outstanding({}, locale), amount(money.outstanding)],
          ],
    );
  }
  pdf.text(madeLine(job.currency, options), { size: "small" });
  return {
    fileName: `job-statement-${job.startDate}-${job.id.slice(0, 8)}.pdf`,
    contentType: "application/pdf",
    body: await pdf.finish(),
    missingGlyphs: pdf.missingGlyphs,
  };
}

/** What a worker's month holds: their month's rows per currency, its lines by job, their balances now. */
export type WorkerMonthData = {
  month: string;
  name: string;
  totals: readonly WorkerMonth[];
  lines: readonly WorkerMonthLine[];
  balances: readonly WorkerBalance[];
};

/** A worker's statement for one month: what each job brought, the month's totals, and their balance now. */
export async function workerMonthPdf(data: WorkerMonthData, options: Options): Promise<PdfResult> {
  const locale = { locale: options.language };
  const monthName = formatStatementMonth(data.month, options.language);
  const title = m.statement_pdf_month_title({ month: monthName }, locale);
  const pdf = new StatementWriter(options.language, { title, now: options.now });
  pdf.title(title);
  pdf.text(m.statement_pdf_worker({ name: data.name }, locale), { gapAfter: 4 });

  const currencies: JobCurrency[] = [...new Set([...data.totals.map((t) => t.currency), ...data.lines.map((l) => l.currency)])];
  if (currencies.length === 0) pdf.text(m.statement_pdf_month_empty({}, locale));
  const columns: Column[] = [
    { label: m.timesheet_csv_job({}, locale), share: 3.2, align: "start" },
    { label: m.timesheet_csv_hours({}, locale), share: 1.1, align: "end" },
    { label: m.statement_agreed({}, locale), share: 1.9, align: "end" },
    { label: m.statement_paid_out({}, locale), share: 1.9, align: "end" },
    { label: m.statement_direct_agreed({}, locale), share: 1.9, align: "end" },
    { label: m.statement_direct_confirmed({}, locale), share: 1.9, align: "end" },
  ];
  for (const currency of currencies) {
    const amount = (minor: bigint) => formatMinorIn(minor, currency, options.language);
    const lines = data.lines.filter((l) => l.currency === currency);
    const total = data.totals.find((t) => t.currency === currency);
    const minutes = lines.reduce((sum, l) => sum + l.agreedMinutes, 0);
    if (currencies.length > 1) pdf.heading(currency);
    pdf.table(
      columns,
      [
        ...lines.map((l) => [
          l.jobId === null ? m.statement_pdf_other({}, locale) : (l.title ?? m.statement_job_gone({}, locale)),
          formatHoursIn(l.agreedMinutes, options.language),
          amount(l.agreed),
          amount(l.paid),
          amount(l.directAgreed),
          amount(l.directConfirmed),
        ]),
        [
          m.timesheet_csv_total({}, locale),
          formatHoursIn(minutes, options.language),
          amount(total?.agreed ?? 0n),
          amount(total?.paid ?? 0n),
          amount(total?.directAgreed ?? 0n),
          amount(total?.directConfirmed ?? 0n),
        ],
      ],
      { boldLast: true },
    );
    pdf.pairs([[m.statement_pdf_held_end({}, locale), amount(total?.heldAtEnd ?? 0n)]]);
  }

  for (const balance of data.balances) {
    const amount = (minor: bigint) => formatMinorIn(minor, balance.currency, options.language);
    pdf.heading(`${m.statement_pdf_balances({}, locale)} (${balance.currency})`);
    pdf.pairs([
      [m.statement_balance_earned({}, locale), amount(balance.earned)],
      [m.statement_balance_available({}, locale), amount(balance.availableToPayOut)],
      [m.statement_balance_in_transit({}, locale), amount(balance.inTransit)],
      [m.statement_paid_out({}, locale), amount(balance.paidOut)],
      [m.statement_balance_secured({}, locale), amount(balance.secured)],
      [m.statement_balance_direct_owed({}, locale), amount(balance.directOwed + balance.directMarkedPaid)],
    ]);
  }
  pdf.text(madeLine(currencies.join(", ") || "—", options), { size: "small" });
  return {
    fileName: `earnings-${data.month}.pdf`,
    contentType: "application/pdf",
    body: await pdf.finish(),
    missingGlyphs: pdf.missingGlyphs,
  };
}
