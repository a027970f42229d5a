import { eq } from "drizzle-orm";

import type { Database } from "../../../db/database.ts";
import { jobs, paymentHolds } from "../../../db/schema/index.ts";
import { fromMinorUnits } from "../../../domain/minor-units.ts";
import { isProviderCurrency } from "../../../domain/pay-mode.ts";
import type { HoldFailureKind } from "../../../domain/planned-cost.ts";
import type { BackgroundQueue } from "../../background-jobs.ts";
import { holdNotice } from "../../notifications/events.ts";
import type { Payments } from "../../payments/open-payments.ts";
import type { Hold } from "../../payments/payment-provider.ts";
import type { ProviderFailure } from "../../payments/provider-result.ts";
import { holdBecameAuthorised, holdEnded, lockHold } from "./hold-transitions.ts";

export type HoldWorkDeps = {
  db: Database;
  queue: BackgroundQueue;
  payments: Payments | null;
  publicUrl: string;
  now: () => Date;
};

/** A provider's refusal as the employer is told it; null when the outcome is unknown (retry with the same key). */
export function failureKind(result: ProviderFailure): HoldFailureKind | null {
  if (result.reason === "timeout" || result.reason === "unavailable") return null;
  if (result.reason === "declined" || result.reason === "insufficient_funds") return result.reason;
  return "refused";
}

/** What a hold the provider reports ended as, in our terms. */
export function endedOutcome(hold: Hold): { status: "failed"; reason: HoldFailureKind } | { status: "canceled" } {
  return hold.failure ? { status: "failed", reason: hold.failure.reason } : { status: "canceled" };
}

/**
 * The background job of a hold row (docs/decisions/079): asks the currency's provider to authorise it with
 * the row's own idempotency key (a retry after a timeout makes no second hold), stores the provider's id and
 * confirmation page, and tells the employer to confirm. No provider for the currency, or a refusal: the
 * hold fails and the employer is told why. An unknown outcome throws, so the queue retries.
 */
export async function authoriseHold(deps: HoldWorkDeps, holdId: string): Promise<void> {
  const [row] = await deps.db
    .select({
      id: paymentHolds.id,
      jobId: paymentHolds.jobId,
      status: paymentHolds.status,
      currency: paymentHolds.currency,
      amount: paymentHolds.amountMinor,
      key: paymentHolds.idempotencyKey,
      jobTitle: jobs.title,
      ownerId: jobs.employerId,
    })
    .from(paymentHolds)
    .innerJoin(jobs, eq(jobs.id, paymentHolds.jobId))
    .where(eq(paymentHolds.id, holdId));
  if (!row || row.status !== "requested") return;

  const pair = deps.payments?.providerFor(row.currency) ?? null;
  if (!pair || !isProviderCurrency(row.currency)) {
    await deps.db.transaction(async (tx) => {
      const locked = await lockHold(tx, holdId);
      if (locked) await holdEnded(tx, deps.queue, locked, { status: "failed", reason: "no_provider" }, deps.now());
    });
    return;
  }
  const result = await pair.payments.authorise({
    amount: Number(row.amount),
    currency: row.currency,
    idempotencyKey: row.key,
    // Shown on the provider's page; ids only, no person's name.
    description: `Daywork ${row.jobId.slice(0, 8)}`,
    returnUrl: new URL(`/jobs/${row.jobId}/applications`, deps.publicUrl).toString(),
    reference: row.id,
  });
  if (!result.ok) {
    const kind = failureKind(result);
    if (!kind) throw new Error(`hold ${holdId}: ${result.reason} (${result.detail}); retried with the same key`);
    await deps.db.transaction(async (tx) => {
      const locked = await lockHold(tx, holdId);
      if (locked) await holdEnded(tx, deps.queue, locked, { status: "failed", reason: kind }, deps.now());
    });
    return;
  }
  const hold = result.value;
  await deps.db.transaction(async (tx) => {
    const locked = await lockHold(tx, holdId);
    if (!locked || locked.status !== "requested") return;
    const now = deps.now();
    await tx
      .update(paymentHolds)
      .set({
        provider: pair.payments.name,
        providerHoldId: hold.id,
        confirmationUrl: hold.confirmationUrl,
        expiresAt: hold.expiresAt,
        status: "pending_confirmation",
        updatedAt: now,
      })
      .where(eq(paymentHolds.id, holdId));
    const current = { ...locked, status: "pending_confirmation" as const, provider: pair.payments.name };
    if (hold.status === "authorised") return holdBecameAuthorised(tx, deps.queue, current, hold, now);
    if (hold.status === "canceled") return holdEnded(tx, deps.queue, current, endedOutcome(hold), now);
    await holdNotice(tx, deps.queue, {
      ownerId: row.ownerId,
      dedupeKey: `hold-requested:${holdId}`,
      payload: {
        kind: "payment_hold_requested",
        jobId: row.jobId,
        jobTitle: row.jobTitle,
        amount: fromMinorUnits(row.amount, row.currency),
        currency: row.currency,
      },
    });
  });
}
