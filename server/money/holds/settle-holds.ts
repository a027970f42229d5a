import { and, eq, inArray } from "drizzle-orm";

import type { Queryable, Tx } from "../../../db/database.ts";
import { jobs, paymentHolds } from "../../../db/schema/index.ts";
import { holdReleased } from "../../../domain/ledger-flows.ts";
import { person } from "../../../domain/ledger.ts";
import { fromMinorUnits } from "../../../domain/minor-units.ts";
import type { BackgroundQueue } from "../../background-jobs.ts";
import { lockOwnerAndHired } from "../../jobs/schedule-moved.ts";
import { holdNotice } from "../../notifications/events.ts";
import { postTransaction } from "../ledger/post-transaction.ts";
import { askForHolds } from "./ask-for-holds.ts";
import { endedOutcome, failureKind, type HoldWorkDeps } from "./authorise-hold.ts";
import { holdCaptured, holdEnded, lockHold, owedOnJob } from "./hold-transitions.ts";
import { readPayPlan, type PayPlan } from "./pay-plan.ts";

/** Queues the settlement of a job's holds, in the transaction that ended the job (completed or cancelled). */
export async function queueHoldSettlement(tx: Queryable, queue: BackgroundQueue, jobId: string): Promise<void> {
  await queue.send(tx, "payment-capture", { jobId });
}

/** The job's people and row locked in the app's order, then its pay plan; null for a job not paid through Daywork. */
export async function lockedPlan(tx: Tx, jobId: string): Promise<PayPlan | null> {
  const [job] = await tx.select({ ownerId: jobs.employerId }).from(jobs).where(eq(jobs.id, jobId));
  if (!job) return null;
  await lockOwnerAndHired(tx, jobId, job.ownerId);
  await tx.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, jobId)).for("update");
  return readPayPlan(tx, jobId);
}

/** The scheduled ask of a job whose last day was too far for a hold to last (docs/decisions/079). */
export async function askHoldWhenDue(deps: HoldWorkDeps, jobId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const plan = await lockedPlan(tx, jobId);
    if (!plan || (plan.status !== "open" && plan.status !== "in_progress")) return;
    await askForHolds(tx, deps.queue, plan, deps.now());
  });
}

/**
 * When a job ends (docs/decisions/079): what the employer owes on it (its employer_receivable, in SQL) is
 * captured from its authorised holds, oldest first, each capture keyed per hold so a retry or a racing
 * run captures once; holds nothing is owed on are cancelled; what the ledger still holds is released.
 * Owed beyond what was held stays owed, and the employer is told once. A provider's unknown outcome throws
 * (the queue retries with the same keys).
 */
export async function settleJobHolds(deps: HoldWorkDeps, jobId: string): Promise<void> {
  const start = await deps.db.transaction(async (tx) => {
    const plan = await readPayPlan(tx, jobId);
    return plan && { plan, owed: await owedOnJob(tx, jobId) };
  });
  if (!start) return;
  const { plan } = start;
  const pair = deps.payments?.providerFor(plan.currency) ?? null;
  let left = start.owed;
  for (const hold of plan.holds) {
    if (hold.status !== "authorised" || !hold.providerHoldId) continue;
    const take = left < hold.amount ? left : hold.amount;
    left -= take > 0n ? take : 0n;
    if (!pair) throw new Error(`job ${jobId}: no provider for ${plan.currency} to settle its holds with`);
    const result =
      take > 0n
        ? await pair.payments.capture({
            holdId: hold.providerHoldId,
            amount: Number(take),
            currency: plan.currency,
            idempotencyKey: `hold:${hold.id}:capture`,
          })
        : await pair.payments.cancel({ holdId: hold.providerHoldId, idempotencyKey: `hold:${hold.id}:cancel` });
    // Refused as in the wrong state (captured or cancelled already, by a racing run): read what it is now.
    const now = result.ok || result.reason !== "wrong_state" ? result : await pair.payments.get(hold.providerHoldId);
    if (!now.ok) {
      if (!failureKind(now)) throw new Error(`job ${jobId}, hold ${hold.id}: ${now.reason} (${now.detail})`);
      continue;
    }
    const state = now.value;
    await deps.db.transaction(async (tx) => {
      const locked = await lockHold(tx, hold.id);
      if (!locked) return;
      if (state.status === "captured") await holdCaptured(tx, locked, BigInt(state.captured), deps.now());
      else if (state.status === "canceled") await holdEnded(tx, deps.queue, locked, endedOutcome(state), deps.now());
    });
  }
  await deps.db.transaction(async (tx) => {
    const after = await lockedPlan(tx, jobId);
    if (!after || after.holds.some((h) => h.status === "authorised")) return;
    // Holds the employer never confirmed no longer cover anything: the provider lets them lapse.
    await tx
      .update(paymentHolds)
      .set({ status: "canceled", updatedAt: deps.now() })
      .where(and(eq(paymentHolds.jobId, jobId), inArray(paymentHolds.status, ["requested", "pending_confirmation"])));
    const rests = after.securedParties
      .filter((r) => r.amount > 0n)
      .map((r) => ({ party: { kind: "party" as const, partyId: r.partyId }, amountMinor: r.amount }));
    if (rests.length > 0) {
      await postTransaction(tx, {
        ...holdReleased(person(after.ownerId), rests),
        idempotencyKey: `job:${jobId}:hold-released`,
        currency: after.currency,
        causeRef: jobId,
        jobId,
      });
    }
    const stillOwed = await owedOnJob(tx, jobId);
    if (stillOwed > 0n) {
      await holdNotice(tx, deps.queue, {
        ownerId: after.ownerId,
        dedupeKey: `hold-shortfall:${jobId}`,
        payload: {
          kind: "payment_shortfall",
          jobId,
          jobTitle: after.title,
          amount: fromMinorUnits(stillOwed, after.currency),
          currency: after.currency,
        },
      });
    }
  });
}
