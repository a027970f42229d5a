import { randomUUID } from "node:crypto";

import type { Tx } from "../../../db/database.ts";
import { paymentHolds } from "../../../db/schema/index.ts";
import { todayIn } from "../../../domain/age.ts";
import { holdAskDate } from "../../../domain/planned-pay.ts";
import { addDays, instantAt } from "../../../domain/wall-clock.ts";
import type { BackgroundQueue } from "../../background-jobs.ts";
import { liveCover, plannedTotal, type PayPlan } from "./pay-plan.ts";

/** The job's last day (YYYY-MM-DD). */
export const lastDayOf = (plan: Pick<PayPlan, "startDate" | "durationDays">) => addDays(plan.startDate, plan.durationDays - 1);

/** The day the job's hold is asked, as the page says it (docs/decisions/079): today, or 6 days before its last day. */
export const askDateOf = (plan: PayPlan, now: Date) => holdAskDate(lastDayOf(plan), todayIn(plan.timeZone, now));

/**
 * After a hire or a failed hold, inside the action's transaction with the job's row locked: when the hired
 * workers' planned cost exceeds what live holds cover, a hold row for the difference is written and its
 * authorisation queued (outbox), or, when the job's last day is too far for a hold to last, the ask is
 * queued for the day it can be made. Answers what was done.
 */
export async function askForHolds(
  tx: Tx,
  queue: BackgroundQueue,
  plan: PayPlan,
  now: Date,
): Promise<"covered" | "asked" | "later"> {
  const missing = plannedTotal(plan) - liveCover(plan);
  if (missing <= 0n) return "covered";
  const askOn = askDateOf(plan, now);
  if (askOn > todayIn(plan.timeZone, now)) {
    const at = instantAt(askOn, "00:00", plan.timeZone);
    await queue.send(tx, "payment-hold-ask", { jobId: plan.jobId }, { startAfter: at });
    return "later";
  }
  const id = randomUUID();
  await tx.insert(paymentHolds).values({
    id,
    jobId: plan.jobId,
    currency: plan.currency,
    amountMinor: missing,
    // Ours, made once with the row: every retry of the authorise call sends it, so one hold is made.
    idempotencyKey: `hold:${id}:authorise`,
    createdAt: now,
    updatedAt: now,
  });
  await queue.send(tx, "payment-hold-authorise", { holdId: id });
  return "asked";
}
