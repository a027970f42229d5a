import { and, eq, inArray, sql } from "drizzle-orm";

import { queryRows, type Tx } from "../../db/database.ts";
import { jobApplications, jobs, timesheets } from "../../db/schema/index.ts";
import { agreedPayKey, settledPayKey } from "../../domain/direct-pay.ts";
import { agreedPayChanged, timesheetAgreed } from "../../domain/ledger-flows.ts";
import { payForMinutes, person, platformFee } from "../../domain/ledger.ts";
import { toMinorUnits } from "../../domain/minor-units.ts";
import { AGREED_TIMESHEET_STATUSES } from "../../domain/timesheets.ts";
import { bookFor } from "./ledger/book.ts";
import { postTransaction } from "./ledger/post-transaction.ts";

/**
 * Inside the transaction that makes timesheets agreed (the worker accepts, a dispute is resolved or
 * settled, a deadline settles them), after the people were locked: posts each agreed one's pay to the
 * ledger (docs/decisions/076), minutes × the job's rate as server/timesheets/earnings.ts computes it, in
 * the job's book (the direct book when paid directly). Once per timesheet (its key); a job without a
 * rate, or a day of no minutes, posts nothing: there is no amount. Answers how many were posted now.
 */
export async function postAgreedPay(tx: Tx, timesheetIds: readonly string[]): Promise<number> {
  if (timesheetIds.length === 0) return 0;
  const agreed = await agreedDays(tx, timesheetIds);
  let posted = 0;
  for (const sheet of agreed) {
    const rate = sheet.hourlyRate === null ? null : toMinorUnits(sheet.hourlyRate, sheet.currency);
    if (rate === null) continue;
    const amountMinor = payForMinutes(sheet.minutes, rate);
    if (amountMinor <= 0n) continue;
    const book = await bookFor(tx, sheet.payMode, sheet.ownerId, sheet.workerId);
    const result = await postTransaction(tx, {
      ...timesheetAgreed(book, person(sheet.ownerId), person(sheet.workerId), amountMinor),
      idempotencyKey: agreedPayKey(sheet.id),
      currency: sheet.currency,
      causeRef: sheet.id,
      jobId: sheet.jobId,
    });
    // A person whose account is gone has no party to owe or be owed: nothing is recorded for them.
    if (result.ok && !result.replayed) posted += 1;
  }
  return posted;
}

/** The agreed ones of `timesheetIds` with what their pay is computed from. */
function agreedDays(tx: Tx, timesheetIds: readonly string[]) {
  return tx
    .select({
      id: timesheets.id,
      minutes: timesheets.minutes,
      jobId: timesheets.jobId,
      ownerId: jobs.employerId,
      workerId: jobApplications.workerId,
      // Read as text: money never passes through a float (docs/decisions/076).
      hourlyRate: sql<string | null>`${jobs.hourlyRate}::text`,
      currency: jobs.currency,
      payMode: jobs.payMode,
    })
    .from(timesheets)
    .innerJoin(jobApplications, eq(jobApplications.id, timesheets.applicationId))
    .innerJoin(jobs, eq(jobs.id, timesheets.jobId))
    .where(and(inArray(timesheets.id, [...timesheetIds]), inArray(timesheets.status, [...AGREED_TIMESHEET_STATUSES])))
    .orderBy(timesheets.id);
}

/**
 * After an operator settled a timesheet whose pay was posted before at other minutes (the owner had
 * resolved the dispute): posts the difference between the day's pay and fee as the ledger holds them and
 * as the final minutes make them, in the book the day was posted in, once per settlement (its appeal),
 * with the operator's note and name (docs/decisions/080). The agreed posting's own key stays with the
 * first minutes: a posting is never edited. Nothing when the ledger already holds the final pay.
 */
export async function postSettledPayChange(
  tx: Tx,
  settlement: { timesheetId: string; appealId: string; operatorId: string; note: string },
): Promise<boolean> {
  const [sheet] = await agreedDays(tx, [settlement.timesheetId]);
  if (!sheet || sheet.hourlyRate === null) return false;
  const rate = toMinorUnits(sheet.hourlyRate, sheet.currency);
  if (rate === null) return false;
  const [held] = await queryRows<{ pay: string; fee: string; through_daywork: boolean | null }>(
    tx,
    sql`select coalesce(-sum(p.amount_minor) filter (where p.account in ('worker_payable', 'direct_owed')
                 and p.party_id = (select id from ledger_parties where user_id = ${sheet.workerId})), 0)::text as pay,
               coalesce(-sum(p.amount_minor) filter (where p.account = 'platform_fee'), 0)::text as fee,
               bool_or(p.account = 'worker_payable') as through_daywork
        from ledger_transactions t
        join ledger_postings p on p.transaction_id = t.id
        where t.job_id = ${sheet.jobId}::uuid and t.cause = 'timesheet_agreed' and t.cause_ref = ${sheet.id}`,
  );
  // Never posted (no party then, or no pay): the settlement's own agreement posted it whole.
  if (!held || held.through_daywork === null) return false;
  const pay = payForMinutes(sheet.minutes, rate);
  const book = held.through_daywork ? "through_daywork" : "direct";
  const change = {
    payMinor: pay - BigInt(held.pay),
    feeMinor: book === "direct" ? 0n : platformFee(pay) - BigInt(held.fee),
  };
  if (change.payMinor === 0n && change.feeMinor === 0n) return false;
  const result = await postTransaction(tx, {
    ...agreedPayChanged(book, person(sheet.ownerId), person(sheet.workerId), change),
    idempotencyKey: settledPayKey(sheet.id, settlement.appealId),
    currency: sheet.currency,
    causeRef: sheet.id,
    jobId: sheet.jobId,
    memo: settlement.note,
    createdBy: person(settlement.operatorId),
  });
  return result.ok && !result.replayed;
}
