import type { Queryable } from "../../../db/database.ts";
import { todayIn } from "../../../domain/age.ts";
import { fromMinorUnits } from "../../../domain/minor-units.ts";
import { PLANNED_HOURS_PER_DAY, type HoldFailureKind } from "../../../domain/planned-cost.ts";
import { isActiveJob, type JobStatus } from "../../../domain/statuses.ts";
import { askDateOf } from "./ask-for-holds.ts";
import { authorisedTotal, liveCover, plannedTotal, readPayPlan } from "./pay-plan.ts";

/** True when a job's hired workers' planned cost is held by authorised holds (or it is not paid through Daywork). */
export async function payIsSecured(db: Queryable, jobId: string): Promise<boolean> {
  const plan = await readPayPlan(db, jobId);
  return !plan || authorisedTotal(plan) >= plannedTotal(plan);
}

/** Where the employer's payment for a job stands, as its owner's pages show it (docs/decisions/079). */
export type OwnerPayState = {
  role: "owner";
  state: "nobody_hired" | "asking" | "waiting" | "secured" | "failed" | "later" | "ended";
  currency: string;
  /** The hired workers' planned cost with the fee, and what authorised holds hold, as decimals. */
  planned: string;
  held: string;
  hoursPerDay: number;
  /** The provider's page where the employer confirms the waiting hold. */
  confirmationUrl: string | null;
  failureReason: HoldFailureKind | null;
  /** The day the hold is asked (YYYY-MM-DD) when the job's last day is too far for it to last. */
  askOn: string | null;
};

/** What a hired worker sees: whether their whole planned pay is held. */
export type WorkerPayState = { role: "worker"; secured: boolean; hoursPerDay: number };

/**
 * A through-Daywork job's payment state for `callerId`: the owner's whole state, a hired worker's secured
 * yes or no; null for anyone else and for jobs paid directly (the caller answers "not found").
 */
export async function jobPayState(
  db: Queryable,
  p: { jobId: string; callerId: string; now: Date },
): Promise<OwnerPayState | WorkerPayState | null> {
  const plan = await readPayPlan(db, p.jobId);
  if (!plan) return null;
  if (plan.ownerId !== p.callerId) {
    const mine = plan.workers.find((w) => w.workerId === p.callerId);
    // A hired worker only: one who left, an applicant or a stranger finds nothing.
    return mine
      ? { role: "worker", secured: mine.pay > 0n && mine.secured >= mine.pay, hoursPerDay: PLANNED_HOURS_PER_DAY }
      : null;
  }
  const planned = plannedTotal(plan);
  const held = authorisedTotal(plan);
  const live = liveCover(plan);
  const waiting = plan.holds.find((h) => h.status === "pending_confirmation");
  const lastFailed = [...plan.holds].reverse().find((h) => h.status === "failed");
  const askOn = askDateOf(plan, p.now);
  const state: OwnerPayState["state"] = !isActiveJob(plan.status as JobStatus)
    ? "ended"
    : plan.workers.length === 0
      ? "nobody_hired"
      : held >= planned
        ? "secured"
        : waiting
          ? "waiting"
          : live < planned && askOn > todayIn(plan.timeZone, p.now)
            ? "later"
            : live < planned && lastFailed
              ? "failed"
              : "asking";
  return {
    role: "owner",
    state,
    currency: plan.currency,
    planned: fromMinorUnits(planned, plan.currency),
    held: fromMinorUnits(held, plan.currency),
    hoursPerDay: PLANNED_HOURS_PER_DAY,
    confirmationUrl: state === "waiting" ? (waiting?.confirmationUrl ?? null) : null,
    failureReason: state === "failed" ? (lastFailed?.failureReason ?? "refused") : null,
    askOn: state === "later" ? askOn : null,
  };
}
