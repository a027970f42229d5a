import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createAcceptedApplication } from "../../db/factories/hiring.ts";
import { createJob, dateFromToday, type NewJob } from "../../db/factories/jobs.ts";
import { createEmployer, createWorker } from "../../db/factories/users.ts";
import { ledgerParties, ledgerPostings, ledgerTransactions, notifications, timesheets } from "../../db/schema/index.ts";
import { agreedPayKey } from "../../domain/direct-pay.ts";
import { ERR } from "../../domain/errors.ts";
import { expectRefusal } from "../testing/refusal.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { settleTimesheetDeadlines } from "../timesheets/deadlines.ts";
import { postAgreedPay } from "./agreed-pay.ts";
import { jobMoney } from "./ledger/job-money.ts";

// Days paid directly (issue 39 item 2): agreed pay is posted with the agreement, whichever path agrees it;
// the owner marks a day paid, its worker confirms receipt, each once, each recorded in the ledger.
let t: TestApp;
let owner: { id: string };
beforeAll(async () => {
  t = await createTestApp();
  owner = await createEmployer(t.db);
});
afterAll(() => t.close());

const HOUR = 3_600_000;
let nextDay = -30;

/** A 3-day job started two days ago at 450.50 an hour, paid directly unless told otherwise, with one worker hired. */
async function hiredJob(input: NewJob = {}) {
  const job = await createJob(t.db, owner.id, {
    startDate: dateFromToday(-2),
    durationDays: 3,
    hourlyRate: 450.5,
    currency: "RUB",
    payMode: "direct",
    ...input,
  });
  const worker = await createWorker(t.db);
  const application = await createAcceptedApplication(t.db, job.id, worker.id);
  /** A timesheet of 480 minutes (8 hours: 3604.00) on a day of its own, in `values`' state. */
  const sheet = async (values: Partial<typeof timesheets.$inferInsert>) => {
    const [row] = await t.db
      .insert(timesheets)
      .values({
        jobId: job.id,
        applicationId: application.id,
        shiftDate: dateFromToday(nextDay++),
        status: "pending_employer",
        recordedMinutes: 480,
        minutes: 480,
        employerDeadline: new Date(Date.now() + 24 * HOUR),
        createdAt: new Date(),
        updatedAt: new Date(),
        ...values,
      })
      .returning({ id: timesheets.id });
    if (!row) throw new Error("timesheet was not inserted");
    return row.id;
  };
  return { job, worker, sheet };
}

const answerable = { status: "approved" as const, employerDeadline: null, workerDeadline: new Date(Date.now() + 24 * HOUR) };

/** The ledger lines of a timesheet's transactions, as "cause account kind amount", in posting order. */
async function linesOf(timesheetId: string) {
  const rows = await t.db
    .select({
      key: ledgerTransactions.idempotencyKey,
      cause: ledgerTransactions.cause,
      account: ledgerPostings.account,
      kind: ledgerParties.kind,
      amount: ledgerPostings.amountMinor,
    })
    .from(ledgerTransactions)
    .innerJoin(ledgerPostings, eq(ledgerPostings.transactionId, ledgerTransactions.id))
    .innerJoin(ledgerParties, eq(ledgerParties.id, ledgerPostings.partyId))
    .where(eq(ledgerTransactions.causeRef, timesheetId))
    .orderBy(asc(ledgerTransactions.createdAt), asc(ledgerPostings.account), asc(ledgerParties.kind));
  return rows.map((r) => `${r.cause} ${r.account} ${r.kind} ${r.amount}`);
}

const DIRECT_AGREED = (minor: number) => [
  `timesheet_agreed direct_owed employer ${minor}`,
  `timesheet_agreed direct_owed worker ${-minor}`,
];

const noticesOf = async (userId: string, kind: string) =>
  (
    await t.db
      .select({ payload: notifications.payload })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)))
  ).map((n) => n.payload);

describe("agreed pay is posted with the agreement", () => {
  it("when the worker accepts: once, in the direct book, minutes × rate", async () => {
    const { worker, sheet } = await hiredJob();
    const id = await sheet(answerable);
    await t.callerAs(worker.id).timesheets.accept({ timesheetId: id });
    expect(await linesOf(id)).toEqual(DIRECT_AGREED(360400));
    // Posting again (a retry) adds nothing.
    expect(await t.db.transaction((tx) => postAgreedPay(tx, [id]))).toBe(0);
    expect(await linesOf(id)).toEqual(DIRECT_AGREED(360400));
  });

  it("when the owner resolves a dispute: at the resolved minutes", async () => {
    const { sheet } = await hiredJob();
    const id = await sheet({ status: "disputed", employerDeadline: null });
    await t.callerAs(owner.id).timesheets.resolve({ timesheetId: id, minutes: 450, reason: "Checked the gate log" });
    // 450 minutes × 450.50 / 60 = 3378.75.
    expect(await linesOf(id)).toEqual(DIRECT_AGREED(337875));
  });

  it("when the deadline pass accepts or approves: once, also when it runs twice", async () => {
    const { sheet } = await hiredJob();
    const unanswered = await sheet({
      status: "edited",
      minutes: 510,
      employerDeadline: null,
      workerDeadline: new Date(Date.now() - HOUR),
    });
    const unapproved = await sheet({ employerDeadline: new Date(Date.now() - HOUR) });
    await settleTimesheetDeadlines(t.db, t.services.queue, new Date());
    await settleTimesheetDeadlines(t.db, t.services.queue, new Date());
    // 510 minutes × 450.50 / 60 = 3829.25.
    expect(await linesOf(unanswered)).toEqual(DIRECT_AGREED(382925));
    expect(await linesOf(unapproved)).toEqual(DIRECT_AGREED(360400));
  });

  it("through Daywork: in the money book, the platform's fee on top for the employer", async () => {
    const { worker, sheet } = await hiredJob({ payMode: "through_daywork" });
    const id = await sheet(answerable);
    await t.callerAs(worker.id).timesheets.accept({ timesheetId: id });
    expect(await linesOf(id)).toEqual([
      "timesheet_agreed employer_receivable employer 396440",
      "timesheet_agreed worker_payable worker -360400",
      "timesheet_agreed platform_fee platform -36040",
    ]);
  });

  it("posts nothing for a job without a rate: there is no amount", async () => {
    const { worker, sheet } = await hiredJob({ hourlyRate: null });
    const id = await sheet(answerable);
    await t.callerAs(worker.id).timesheets.accept({ timesheetId: id });
    expect(await linesOf(id)).toEqual([]);
  });
});

describe("the owner marks a day paid, the worker confirms", () => {
  it("owed → marked paid → confirmed: each once, each side told, the state read with the timesheets", async () => {
    const { job, worker, sheet } = await hiredJob();
    const id = await sheet(answerable);
    const asOwner = t.callerAs(owner.id).timesheets;
    const asWorker = t.callerAs(worker.id).timesheets;
    await asWorker.accept({ timesheetId: id });
    const stateOf = async (as: typeof asOwner) =>
      (await as.forJob({ jobId: job.id })).rows.find((r) => r.timesheet?.id === id)?.directPay?.state;
    expect(await stateOf(asOwner)).toBe("owed");
    expect(await stateOf(asWorker)).toBe("owed");

    await expectRefusal(asWorker.confirmReceived({ timesheetId: id }), "CONFLICT", ERR.directPayNotMarked);
    const marked = await asOwner.markPaid({ timesheetId: id });
    expect(marked).toMatchObject({
      timesheetId: id,
      state: "marked_paid",
      amount: "3604.00",
      currency: "RUB",
      confirmedAt: null,
    });
    expect(await asOwner.markPaid({ timesheetId: id })).toEqual(marked);
    expect(await stateOf(asWorker)).toBe("marked_paid");
    expect(await noticesOf(worker.id, "direct_payment_marked")).toEqual([
      {
        kind: "direct_payment_marked",
        jobId: job.id,
        jobTitle: job.title,
        shiftDate: expect.any(String),
        amount: "3604.00",
        currency: "RUB",
      },
    ]);

    const confirmed = await asWorker.confirmReceived({ timesheetId: id });
    expect(confirmed).toMatchObject({ state: "confirmed", amount: "3604.00", markedAt: marked.markedAt });
    expect(await asWorker.confirmReceived({ timesheetId: id })).toEqual(confirmed);
    // Marking again after the receipt answers where it stands.
    expect((await asOwner.markPaid({ timesheetId: id })).state).toBe("confirmed");
    expect(await stateOf(asOwner)).toBe("confirmed");
    expect(await noticesOf(owner.id, "direct_payment_confirmed")).toHaveLength(1);

    expect(await linesOf(id)).toEqual([
      ...DIRECT_AGREED(360400),
      "direct_payment_marked direct_owed employer -360400",
      "direct_payment_marked direct_owed worker 360400",
      "direct_payment_marked direct_marked_paid employer 360400",
      "direct_payment_marked direct_marked_paid worker -360400",
      "direct_payment_confirmed direct_marked_paid employer -360400",
      "direct_payment_confirmed direct_marked_paid worker 360400",
      "direct_payment_confirmed direct_confirmed employer 360400",
      "direct_payment_confirmed direct_confirmed worker -360400",
    ]);
    expect(await jobMoney(t.db, job.id)).toMatchObject([{ directOwed: 0n, directMarkedPaid: 0n, directConfirmed: 360400n }]);
  });

  it("answers 'not found' to anyone but the owner marking and the worker confirming", async () => {
    const { worker, sheet } = await hiredJob();
    const id = await sheet({ status: "accepted", employerDeadline: null });
    const stranger = await createEmployer(t.db);
    const otherWorker = await createWorker(t.db);
    for (const caller of [stranger.id, otherWorker.id, worker.id]) {
      await expectRefusal(t.callerAs(caller).timesheets.markPaid({ timesheetId: id }), "NOT_FOUND", ERR.timesheetNotFound);
    }
    await t.callerAs(owner.id).timesheets.markPaid({ timesheetId: id });
    for (const caller of [stranger.id, otherWorker.id, owner.id]) {
      await expectRefusal(t.callerAs(caller).timesheets.confirmReceived({ timesheetId: id }), "NOT_FOUND", ERR.timesheetNotFound);
    }
  });

  it("posts a day agreed before pay was posted on agreement when it is marked", async () => {
    const { sheet } = await hiredJob();
    const id = await sheet({ status: "auto_approved", employerDeadline: null });
    expect(await linesOf(id)).toEqual([]);
    await t.callerAs(owner.id).timesheets.markPaid({ timesheetId: id });
    expect(await linesOf(id)).toHaveLength(6);
    expect(
      await t.db
        .select()
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.idempotencyKey, agreedPayKey(id))),
    ).toHaveLength(1);
  });

  it("refuses a day not agreed, a job paid through Daywork, and a job without a rate", async () => {
    const direct = await hiredJob();
    const open = await direct.sheet(answerable);
    await expectRefusal(t.callerAs(owner.id).timesheets.markPaid({ timesheetId: open }), "CONFLICT", ERR.timesheetState);

    const daywork = await hiredJob({ payMode: "through_daywork" });
    const paidByUs = await daywork.sheet({ status: "accepted", employerDeadline: null });
    await expectRefusal(
      t.callerAs(owner.id).timesheets.markPaid({ timesheetId: paidByUs }),
      "CONFLICT",
      ERR.directPayThroughDaywork,
    );
    await expectRefusal(
      t.callerAs(daywork.worker.id).timesheets.confirmReceived({ timesheetId: paidByUs }),
      "CONFLICT",
      ERR.directPayThroughDaywork,
    );
    expect(
      (await t.callerAs(owner.id).timesheets.forJob({ jobId: daywork.job.id })).rows.map((r) => r.directPay),
    ).not.toContainEqual(expect.anything());

    const unpriced = await hiredJob({ hourlyRate: null });
    const noAmount = await unpriced.sheet({ status: "accepted", employerDeadline: null });
    await expectRefusal(t.callerAs(owner.id).timesheets.markPaid({ timesheetId: noAmount }), "CONFLICT", ERR.directPayNoAmount);
  });
});
