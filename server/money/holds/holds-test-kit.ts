import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";

import { createApplication, createJob, dateFromToday, type NewJob } from "../../../db/factories/jobs.ts";
import { createEmployer, createWorker } from "../../../db/factories/users.ts";
import { ledgerPostings, ledgerTransactions, paymentHolds } from "../../../db/schema/index.ts";
import type { JobCurrency } from "../../../domain/currencies.ts";
import { timesheetAgreed } from "../../../domain/ledger-flows.ts";
import { person } from "../../../domain/ledger.ts";
import { WEBHOOK_PATHS } from "../../payments/webhook-urls.ts";
import type { TestApp } from "../../testing/test-app.ts";
import { postTransaction } from "../ledger/post-transaction.ts";
import { secureHeldPay } from "./held-shares.ts";
import { authorisedTotal, plannedTotal, readPayPlan } from "./pay-plan.ts";

/**
 * The test app listening on loopback, with the providers' stand-ins delivering their notifications to its
 * webhook routes (real HTTP both ways). Answers the app's address.
 */
export async function listenForWebhooks(t: TestApp): Promise<string> {
  const url = await t.app.listen({ port: 0, host: "127.0.0.1" });
  const { yookassa, stripe } = t.services.payments?.standIns ?? {};
  if (!yookassa || !stripe) throw new Error("the test app has no payment stand-ins");
  yookassa.notifications.target = new URL(WEBHOOK_PATHS.yookassa, url).toString();
  stripe.notifications.target = new URL(WEBHOOK_PATHS.stripe, url).toString();
  return url;
}

/** Every notification the stand-ins sent so far has been answered. */
export async function deliveriesDone(t: TestApp) {
  await t.services.payments?.standIns.yookassa?.notifications.idle();
  await t.services.payments?.standIns.stripe?.notifications.idle();
}

/** A through-Daywork job starting today for two days at 500 an hour, for two workers, and its owner. */
export async function throughDayworkJob(t: TestApp, currency: JobCurrency = "RUB", input: NewJob = {}) {
  const owner = await createEmployer(t.db);
  const job = await createJob(t.db, owner.id, {
    startDate: dateFromToday(0),
    durationDays: 2,
    hourlyRate: 500,
    currency,
    payMode: "through_daywork",
    maxWorkers: 3,
    ...input,
  });
  return { owner, job };
}

/** A worker who applied and whom the owner accepts through the procedure (the hire path). */
export async function hireThroughProcedure(t: TestApp, jobId: string, ownerId: string) {
  const worker = await createWorker(t.db);
  const application = await createApplication(t.db, jobId, worker.id);
  await t.callerAs(ownerId).applications.accept({ applicationId: application.id });
  return { worker, application };
}

/** The job's hold rows, oldest first. */
export const holdsOf = (t: TestApp, jobId: string) =>
  t.db
    .select()
    .from(paymentHolds)
    .where(eq(paymentHolds.jobId, jobId))
    .orderBy(asc(paymentHolds.createdAt), asc(paymentHolds.id));

/** The job's ledger transactions' keys and causes, in order. */
export async function ledgerOf(t: TestApp, jobId: string) {
  return t.db
    .select({ key: ledgerTransactions.idempotencyKey, cause: ledgerTransactions.cause })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.jobId, jobId))
    .orderBy(asc(ledgerTransactions.createdAt), asc(ledgerTransactions.idempotencyKey));
}

/** The sum of an account's postings on the job (debit positive), in minor units. */
export async function accountSum(t: TestApp, jobId: string, account: string): Promise<bigint> {
  const rows = await t.db
    .select({ amount: ledgerPostings.amountMinor, account: ledgerPostings.account })
    .from(ledgerPostings)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
    .where(eq(ledgerTransactions.jobId, jobId));
  return rows.filter((r) => r.account === account).reduce((s, r) => s + r.amount, 0n);
}

/** The payer confirms a hold on the stand-in's page with `card` (docs/payments.md), as a browser's form post. */
export async function confirmOnStandIn(confirmationUrl: string, card: string) {
  const response = await fetch(confirmationUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ card }).toString(),
    redirect: "manual",
  });
  await response.arrayBuffer();
  return response.status;
}

/** A day's hours agreed through Daywork for `minutes` (what timesheets post: server/money/agreed-pay.ts). */
export async function agreeDay(
  t: TestApp,
  p: { jobId: string; ownerId: string; workerId: string; amountMinor: bigint; currency: JobCurrency; key: string },
) {
  await t.db.transaction((tx) =>
    postTransaction(tx, {
      ...timesheetAgreed("through_daywork", person(p.ownerId), person(p.workerId), p.amountMinor),
      idempotencyKey: p.key,
      currency: p.currency,
      causeRef: p.key,
      jobId: p.jobId,
    }),
  );
}

/**
 * The job's hired workers' planned pay held, as if the employer had confirmed a hold at the provider: an
 * authorised row for what is not yet held, and the ledger securing it (for tests about what comes after).
 */
export async function securePlannedPay(t: TestApp, jobId: string) {
  await t.db.transaction(async (tx) => {
    const before = await readPayPlan(tx, jobId);
    if (!before) throw new Error("the job is not paid through Daywork");
    const missing = plannedTotal(before) - authorisedTotal(before);
    if (missing <= 0n) return;
    const [row] = await tx
      .insert(paymentHolds)
      .values({
        jobId,
        provider: "yookassa",
        currency: before.currency,
        amountMinor: missing,
        idempotencyKey: `test:${randomUUID()}`,
        providerHoldId: `test-${randomUUID()}`,
        status: "authorised",
      })
      .returning({ id: paymentHolds.id });
    const plan = await readPayPlan(tx, jobId);
    if (!row || !plan) throw new Error("the hold was not written");
    await secureHeldPay(tx, t.services.queue, plan, { key: `hold:${row.id}:authorised`, cause: "authorised", causeRef: row.id });
  });
}
