import { and, eq } from "drizzle-orm";

import type { Database, Tx } from "../../db/database.ts";
import { lockPeopleFirst } from "../../db/lock-order.ts";
import { jobApplications, jobs, profiles, timesheets } from "../../db/schema/index.ts";
import { confirmedKey, markedPaidKey } from "../../domain/direct-pay.ts";
import { directPaymentConfirmed, directPaymentMarked } from "../../domain/ledger-flows.ts";
import { person, type LedgerEntry } from "../../domain/ledger.ts";
import { isAgreedTimesheet } from "../../domain/timesheets.ts";
import type { BackgroundQueue } from "../background-jobs.ts";
import { directPayNotice } from "../notifications/events.ts";
import { inTransaction, refusal } from "../refusal.ts";
import { postAgreedPay } from "./agreed-pay.ts";
import { directPayStates, type DirectPayView } from "./direct-pay-states.ts";
import { postTransaction } from "./ledger/post-transaction.ts";

type DirectPayRefusal =
  "timesheet_not_found" | "timesheet_state" | "direct_pay_through_daywork" | "direct_pay_no_amount" | "direct_pay_not_marked";
type Refuse = (reason: DirectPayRefusal) => never;

/** A directly paid day as marking and confirming read it. */
type Day = {
  timesheetId: string;
  jobId: string;
  jobTitle: string;
  ownerId: string;
  workerId: string;
  workerName: string;
  shiftDate: string;
};

/** What both actions answer: the timesheet and where its pay stands now. */
export type DirectPayAnswer = { timesheetId: string } & Omit<DirectPayView, "amountMinor">;

/** The timesheet if `side` is its job's owner or its worker (the row rule is in the WHERE), else null. */
async function dayOf(db: Database, timesheetId: string, side: { owner: string } | { worker: string }): Promise<Day | null> {
  const [day] = await db
    .select({
      timesheetId: timesheets.id,
      jobId: timesheets.jobId,
      jobTitle: jobs.title,
      ownerId: jobs.employerId,
      workerId: jobApplications.workerId,
      workerName: profiles.fullName,
      shiftDate: timesheets.shiftDate,
    })
    .from(timesheets)
    .innerJoin(jobApplications, eq(jobApplications.id, timesheets.applicationId))
    .innerJoin(jobs, eq(jobs.id, timesheets.jobId))
    .innerJoin(profiles, eq(profiles.id, jobApplications.workerId))
    .where(
      and(
        eq(timesheets.id, timesheetId),
        "owner" in side ? eq(jobs.employerId, side.owner) : eq(jobApplications.workerId, side.worker),
      ),
    );
  return day ?? null;
}

/**
 * One step on a directly paid day, in one transaction: the people first, then the timesheet's row FOR
 * UPDATE (so a second tab waits and then finds the step done), then the job's pay mode, the agreement
 * and the ledger's state of the day, which `act` moves on.
 */
async function step(db: Database, day: Day, act: (tx: Tx, view: DirectPayView, refuse: Refuse) => Promise<DirectPayView>) {
  return inTransaction(db, async (tx, refuse: Refuse) => {
    if (!(await lockPeopleFirst(tx, [day.ownerId, day.workerId]))) return refuse("timesheet_not_found");
    const [sheet] = await tx
      .select({ status: timesheets.status, payMode: jobs.payMode })
      .from(timesheets)
      .innerJoin(jobs, eq(jobs.id, timesheets.jobId))
      .where(eq(timesheets.id, day.timesheetId))
      .for("update", { of: timesheets });
    if (!sheet) return refuse("timesheet_not_found");
    // Through Daywork, the workers are paid by us: there is nothing for the employer to mark.
    if (sheet.payMode !== "direct") return refuse("direct_pay_through_daywork");
    if (!isAgreedTimesheet(sheet.status)) return refuse("timesheet_state");
    let view = (await directPayStates(tx, day.jobId, [day.timesheetId])).get(day.timesheetId);
    if (!view) {
      // Agreed before its pay was posted on agreement: post it now, as agreement would have.
      await postAgreedPay(tx, [day.timesheetId]);
      view = (await directPayStates(tx, day.jobId, [day.timesheetId])).get(day.timesheetId);
    }
    // A job without a rate (or a day of no minutes) has no amount to record.
    if (!view) return refuse("direct_pay_no_amount");
    const after = await act(tx, view, refuse);
    const answer: DirectPayAnswer = {
      timesheetId: day.timesheetId,
      state: after.state,
      amount: after.amount,
      currency: after.currency,
      markedAt: after.markedAt,
      confirmedAt: after.confirmedAt,
    };
    return answer;
  });
}

/**
 * The owner of a directly paid job marks one agreed day of a worker paid: the ledger's direct book moves
 * its pay from owed to marked paid, once (a second call answers the state as it is), and the worker is
 * told. "Not found" for anyone but the owner; refused on a job paid through Daywork.
 */
export async function markPaid(db: Database, queue: BackgroundQueue, params: { ownerId: string; timesheetId: string }) {
  const day = await dayOf(db, params.timesheetId, { owner: params.ownerId });
  if (!day) return refusal("timesheet_not_found");
  return step(db, day, async (tx, view, refuse) => {
    if (view.state !== "owed") return view;
    const markedAt = await recordStep(tx, queue, day, view, {
      entry: directPaymentMarked(person(day.ownerId), person(day.workerId), view.amountMinor),
      key: markedPaidKey(day.timesheetId),
      by: day.ownerId,
      to: day.workerId,
      payload: { kind: "direct_payment_marked", ...payloadOf(day, view) },
    });
    if (!markedAt) return refuse("timesheet_not_found");
    return { ...view, state: "marked_paid", markedAt };
  });
}

/**
 * The worker of a directly paid day confirms they received its pay, once the owner marked it paid: the
 * direct book moves it from marked paid to confirmed, once, and the owner is told. "Not found" for anyone
 * but that worker; refused before the owner marked it paid.
 */
export async function confirmReceived(db: Database, queue: BackgroundQueue, params: { workerId: string; timesheetId: string }) {
  const day = await dayOf(db, params.timesheetId, { worker: params.workerId });
  if (!day) return refusal("timesheet_not_found");
  return step(db, day, async (tx, view, refuse) => {
    if (view.state === "confirmed") return view;
    if (view.state !== "marked_paid") return refuse("direct_pay_not_marked");
    const confirmedAt = await recordStep(tx, queue, day, view, {
      entry: directPaymentConfirmed(person(day.ownerId), person(day.workerId), view.amountMinor),
      key: confirmedKey(day.timesheetId),
      by: day.workerId,
      to: day.ownerId,
      payload: { kind: "direct_payment_confirmed", ...payloadOf(day, view), workerName: day.workerName },
    });
    if (!confirmedAt) return refuse("timesheet_not_found");
    return { ...view, state: "confirmed", confirmedAt };
  });
}

/**
 * Posts one step of a day's direct pay, keyed by the step, and tells the other side, in the step's
 * transaction; answers when it was posted, or null when the ledger refused it.
 */
async function recordStep(
  tx: Tx,
  queue: BackgroundQueue,
  day: Day,
  view: DirectPayView,
  step: { entry: LedgerEntry; key: string; by: string; to: string; payload: Parameters<typeof directPayNotice>[2]["payload"] },
) {
  const posted = await postTransaction(tx, {
    ...step.entry,
    idempotencyKey: step.key,
    currency: view.currency,
    causeRef: day.timesheetId,
    jobId: day.jobId,
    createdBy: person(step.by),
  });
  if (!posted.ok) return null;
  await directPayNotice(tx, queue, { to: step.to, actorId: step.by, dedupeKey: step.key, payload: step.payload });
  return posted.createdAt;
}

function payloadOf(day: Day, view: DirectPayView) {
  return { jobId: day.jobId, jobTitle: day.jobTitle, shiftDate: day.shiftDate, amount: view.amount, currency: view.currency };
}
