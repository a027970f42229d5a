import { and, eq, inArray, sql } from "drizzle-orm";

import type { Tx } from "../../db/database.ts";
import { jobApplications, jobs, timesheets } from "../../db/schema/index.ts";
import { agreedPayKey } from "../../domain/direct-pay.ts";
import { timesheetAgreed } from "../../domain/ledger-flows.ts";
import { payForMinutes, person } from "../../domain/ledger.ts";
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
  const agreed = await tx
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
