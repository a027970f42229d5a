import type { Tx } from "../../../db/database.ts";
import { lockPeopleFirst } from "../../../db/lock-order.ts";
import type { BackgroundQueue } from "../../background-jobs.ts";
import { askForHolds } from "./ask-for-holds.ts";
import { releaseWorkerShare, secureHeldPay } from "./held-shares.ts";
import { readPayPlan, type PayPlan } from "./pay-plan.ts";

/**
 * In every hire's transaction, after the hire (the job's row locked): on a job paid through Daywork, what
 * authorised holds hold beyond the secured pay (a worker left) secures the new worker's, and what live
 * holds do not cover of the hired workers' planned cost is asked as a new hold (docs/decisions/079).
 */
export async function holdsAfterHire(tx: Tx, queue: BackgroundQueue, p: { jobId: string; applicationId: string; now: Date }) {
  let plan = await readPayPlan(tx, p.jobId);
  if (!plan) return;
  // Shares may be posted for any hired worker: their parties' rows are share-locked as the app's order wants.
  await lockPeopleFirst(tx, [plan.ownerId, ...plan.workers.map((w) => w.workerId)]);
  const secured = await secureHeldPay(tx, queue, plan, {
    key: `hire:${p.applicationId}:${p.now.toISOString()}`,
    cause: "adjusted",
    causeRef: p.applicationId,
  });
  if (secured) plan = (await readPayPlan(tx, p.jobId)) ?? plan;
  await askForHolds(tx, queue, plan, p.now);
}

/** Before a hired worker leaves, in its transaction with the job's row locked: the plan that still names them. */
export const planBeforeLeave = (tx: Tx, jobId: string): Promise<PayPlan | null> => readPayPlan(tx, jobId);

/** After the worker left: their secured pay and its fee are no longer held for anyone (docs/decisions/079). */
export async function holdsAfterLeave(tx: Tx, plan: PayPlan | null, p: { workerId: string; applicationId: string; now: Date }) {
  if (!plan) return;
  await releaseWorkerShare(tx, plan, {
    workerId: p.workerId,
    key: `leave:${p.applicationId}:${p.now.toISOString()}`,
    causeRef: p.applicationId,
  });
}
