import type { Database } from "../../../db/database.ts";
import type { BackgroundQueue } from "../../background-jobs.ts";
import { inTransaction } from "../../refusal.ts";
import { askForHolds } from "./ask-for-holds.ts";
import { lockedPlan } from "./settle-holds.ts";

/**
 * The owner asks again after a hold failed: a new hold for what live holds do not cover, with a new key
 * (docs/decisions/079). Anyone else's job, or one paid directly, is not found; nothing missing is refused.
 */
export async function retryHold(db: Database, queue: BackgroundQueue, p: { jobId: string; ownerId: string; now: Date }) {
  return inTransaction(db, async (tx, refuse: (reason: "job_not_found" | "pay_hold_not_needed") => never) => {
    const plan = await lockedPlan(tx, p.jobId);
    if (!plan || plan.ownerId !== p.ownerId) return refuse("job_not_found");
    if (plan.status !== "open" && plan.status !== "in_progress") return refuse("pay_hold_not_needed");
    const asked = await askForHolds(tx, queue, plan, p.now);
    if (asked === "covered") return refuse("pay_hold_not_needed");
    return { asked };
  });
}
