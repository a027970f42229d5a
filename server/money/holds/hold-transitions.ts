import { and, eq, inArray, sql } from "drizzle-orm";

import { queryRows, type Tx } from "../../../db/database.ts";
import { jobs, paymentHolds } from "../../../db/schema/index.ts";
import { captured, holdAdjusted } from "../../../domain/ledger-flows.ts";
import { person, PLATFORM, provider as providerParty, type PartyRef } from "../../../domain/ledger.ts";
import type { HoldFailureKind, HoldStatus } from "../../../domain/planned-cost.ts";
import { isActiveJob, type JobStatus } from "../../../domain/statuses.ts";
import type { BackgroundQueue } from "../../background-jobs.ts";
import { lockOwnerAndHired } from "../../jobs/schedule-moved.ts";
import { holdNotice } from "../../notifications/events.ts";
import type { Hold } from "../../payments/payment-provider.ts";
import { postTransaction } from "../ledger/post-transaction.ts";
import { secureHeldPay, shrinkToAuthorised } from "./held-shares.ts";
import { readPayPlan, type PayPlan } from "./pay-plan.ts";

/** A hold row locked for a change, with its job's people and row locked first (docs/decisions/015). */
export type LockedHold = {
  id: string;
  jobId: string;
  ownerId: string;
  jobTitle: string;
  /** The job's own status: an ended job's holds are released whole by its settlement. */
  jobStatus: string;
  status: HoldStatus;
  provider: "yookassa" | "stripe" | null;
  amount: bigint;
  currency: string;
};

/**
 * Locks, in the app's order, the job's owner and hired workers, the job's row and the hold's row; null when
 * the hold (or its job) is gone. Every change to a job's holds goes through here, so they serialise.
 */
export async function lockHold(tx: Tx, holdId: string): Promise<LockedHold | null> {
  const [peek] = await tx
    .select({ jobId: paymentHolds.jobId, ownerId: jobs.employerId })
    .from(paymentHolds)
    .innerJoin(jobs, eq(jobs.id, paymentHolds.jobId))
    .where(eq(paymentHolds.id, holdId));
  if (!peek) return null;
  await lockOwnerAndHired(tx, peek.jobId, peek.ownerId);
  const [job] = await tx
    .select({ title: jobs.title, status: jobs.status })
    .from(jobs)
    .where(eq(jobs.id, peek.jobId))
    .for("update");
  if (!job) return null;
  const [row] = await tx
    .select({
      id: paymentHolds.id,
      status: paymentHolds.status,
      provider: paymentHolds.provider,
      amount: paymentHolds.amountMinor,
      currency: paymentHolds.currency,
    })
    .from(paymentHolds)
    .where(eq(paymentHolds.id, holdId))
    .for("update");
  return row ? { ...row, jobId: peek.jobId, ownerId: peek.ownerId, jobTitle: job.title, jobStatus: job.status } : null;
}

/** The hold row an event names: by our reference (the row's id), else by the provider's id. */
export async function holdIdOf(tx: Tx, providerName: "yookassa" | "stripe", hold: Hold): Promise<string | null> {
  const [row] = await tx
    .select({ id: paymentHolds.id })
    .from(paymentHolds)
    .where(
      hold.reference && /^[0-9a-f-]{36}$/i.test(hold.reference)
        ? eq(paymentHolds.id, hold.reference)
        : and(eq(paymentHolds.provider, providerName), eq(paymentHolds.providerHoldId, hold.id)),
    );
  return row?.id ?? null;
}

async function planOf(tx: Tx, jobId: string): Promise<PayPlan> {
  const plan = await readPayPlan(tx, jobId);
  if (!plan) throw new Error(`job ${jobId} has holds but is not paid through Daywork`);
  return plan;
}

/**
 * The provider holds the money: the row is authorised (also a hold the employer confirmed after it was
 * marked failed, at Stripe where a declined card may be retried), and the ledger secures the hired
 * workers' unsecured pay from it; each worker whose whole planned pay is then held is told once.
 */
export async function holdBecameAuthorised(tx: Tx, queue: BackgroundQueue, locked: LockedHold, hold: Hold, now: Date) {
  if (!["requested", "pending_confirmation", "failed"].includes(locked.status)) return;
  await tx
    .update(paymentHolds)
    .set({
      status: "authorised",
      providerHoldId: hold.id,
      failureReason: null,
      expiresAt: hold.expiresAt,
      updatedAt: now,
    })
    .where(eq(paymentHolds.id, locked.id));
  const plan = await planOf(tx, locked.jobId);
  await secureHeldPay(tx, queue, plan, { key: `hold:${locked.id}:authorised`, cause: "authorised", causeRef: hold.id });
}

/**
 * The hold will not hold money: declined or lapsed (`failed`, the employer is told why), or cancelled by us
 * (`canceled`). One that was authorised no longer counts in the ledger while the job runs; once it has
 * ended, settleJobHolds releases what the ledger still holds.
 */
export async function holdEnded(
  tx: Tx,
  queue: BackgroundQueue,
  locked: LockedHold,
  outcome: { status: "failed"; reason: HoldFailureKind } | { status: "canceled" },
  now: Date,
) {
  if (!["requested", "pending_confirmation", "authorised"].includes(locked.status)) return;
  await tx
    .update(paymentHolds)
    .set({
      status: outcome.status,
      failureReason: outcome.status === "failed" ? outcome.reason : null,
      updatedAt: now,
    })
    .where(eq(paymentHolds.id, locked.id));
  if (locked.status === "authorised" && isActiveJob(locked.jobStatus as JobStatus)) {
    await shrinkToAuthorised(tx, await planOf(tx, locked.jobId), { key: `hold:${locked.id}:ended`, causeRef: locked.id });
  }
  if (outcome.status === "failed") {
    await holdNotice(tx, queue, {
      ownerId: locked.ownerId,
      dedupeKey: `hold-failed:${locked.id}`,
      payload: { kind: "payment_hold_failed", jobId: locked.jobId, jobTitle: locked.jobTitle, reason: outcome.reason },
    });
  }
}

/**
 * The provider took `capturedMinor` of the hold and released the rest: the row is captured and the
 * ledger moves it from the employer's receivable to the provider's cash, taken from the parties' secured
 * shares (hired workers first). Once per hold, whether the capture's answer or its webhook comes first.
 */
export async function holdCaptured(tx: Tx, locked: LockedHold, capturedMinor: bigint, now: Date) {
  if (locked.status !== "authorised") return;
  if (!locked.provider) throw new Error(`hold ${locked.id} was captured but names no provider`);
  await tx
    .update(paymentHolds)
    .set({ status: "captured", capturedMinor, updatedAt: now })
    .where(and(eq(paymentHolds.id, locked.id), inArray(paymentHolds.status, ["authorised"])));
  if (capturedMinor <= 0n) return;
  let plan = await planOf(tx, locked.jobId);
  const employer = person(plan.ownerId);
  // What the ledger holds may be less than the provider's hold (a worker left): the rest is secured to the
  // platform first, so the capture is taken from shares that add up to it.
  const securedTotal = plan.securedParties.reduce((s, p) => s + p.amount, 0n);
  if (securedTotal < capturedMinor) {
    await postTransaction(tx, {
      ...holdAdjusted(employer, [{ party: PLATFORM, amountMinor: capturedMinor - securedTotal }]),
      idempotencyKey: `hold:${locked.id}:capture-rest`,
      currency: plan.currency,
      causeRef: locked.id,
      jobId: plan.jobId,
    });
    plan = await planOf(tx, locked.jobId);
  }
  const fromHold: { party: PartyRef; amountMinor: bigint }[] = [];
  let left = capturedMinor;
  for (const { partyId, amount: secured } of plan.securedParties) {
    const party: PartyRef = { kind: "party", partyId };
    const take = secured < left ? secured : left;
    if (take > 0n) fromHold.push({ party, amountMinor: take });
    left -= take > 0n ? take : 0n;
  }
  await postTransaction(tx, {
    ...captured(employer, providerParty(locked.provider), capturedMinor, fromHold),
    idempotencyKey: `hold:${locked.id}:captured`,
    currency: plan.currency,
    causeRef: locked.id,
    jobId: plan.jobId,
  });
}

/** What the employer owes on the job and was not captured yet: its employer_receivable, summed in SQL. */
export async function owedOnJob(tx: Tx, jobId: string): Promise<bigint> {
  const [row] = await queryRows<{ owed: string }>(
    tx,
    sql`select coalesce(sum(p.amount_minor), 0)::text as owed
        from ledger_transactions t join ledger_postings p on p.transaction_id = t.id
        where t.job_id = ${jobId}::uuid and p.account = 'employer_receivable'`,
  );
  return BigInt(row?.owed ?? "0");
}
