import type { Tx } from "../../../db/database.ts";
import { holdAdjusted, holdAuthorised, type HoldShare } from "../../../domain/ledger-flows.ts";
import { person, PLATFORM } from "../../../domain/ledger.ts";
import type { BackgroundQueue } from "../../background-jobs.ts";
import { paySecuredNotice } from "../../notifications/events.ts";
import { postTransaction } from "../ledger/post-transaction.ts";
import { authorisedTotal, plannedFees, type PayPlan } from "./pay-plan.ts";

/*
 * How a job's holds are split among the people they secure pay for (docs/decisions/079). The ledger's
 * card_hold for the job never exceeds what authorised holds hold at the provider; within it, each hired
 * worker's planned pay is secured in hire order, then the platform's fee.
 */

/** `free` shared out over the parties' unsecured planned amounts, hired workers first, then the fee. */
function allocate(plan: PayPlan, free: bigint): { worker: string | null; amount: bigint }[] {
  const out: { worker: string | null; amount: bigint }[] = [];
  let left = free;
  for (const w of plan.workers) {
    const take = min(left, w.pay - w.secured);
    if (take > 0n) out.push({ worker: w.workerId, amount: take });
    left -= take > 0n ? take : 0n;
  }
  const fee = min(left, plannedFees(plan) - plan.platformSecured);
  if (fee > 0n) out.push({ worker: null, amount: fee });
  return out;
}

const min = (a: bigint, b: bigint) => (a < b ? a : b);
const shareOf = (a: { worker: string | null; amount: bigint }): HoldShare => ({
  party: a.worker ? person(a.worker) : PLATFORM,
  amountMinor: a.amount,
});

/**
 * Secures from what authorised holds hold and the ledger has not yet split the parties' unsecured planned
 * pay, posted under `key` (a hold's authorisation posts `hold_authorised`, anything else `hold_adjusted`),
 * and tells each hired worker once when their whole planned pay is secured. Call with the job's people and
 * row locked. Answers whether anything was posted.
 */
export async function secureHeldPay(
  tx: Tx,
  queue: BackgroundQueue,
  plan: PayPlan,
  p: { key: string; cause: "authorised" | "adjusted"; causeRef: string },
): Promise<boolean> {
  const free = authorisedTotal(plan) - plan.cardHold;
  if (free <= 0n) return false;
  const shares = allocate(plan, free);
  if (shares.length === 0) return false;
  const employer = person(plan.ownerId);
  const entry =
    p.cause === "authorised" ? holdAuthorised(employer, shares.map(shareOf)) : holdAdjusted(employer, shares.map(shareOf));
  const posted = await postTransaction(tx, {
    ...entry,
    idempotencyKey: p.key,
    currency: plan.currency,
    causeRef: p.causeRef,
    jobId: plan.jobId,
  });
  if (!posted.ok || posted.replayed) return false;
  for (const share of shares) {
    const worker = share.worker && plan.workers.find((w) => w.workerId === share.worker);
    if (worker && worker.secured + share.amount >= worker.pay) {
      await paySecuredNotice(tx, queue, { workerId: worker.workerId, jobId: plan.jobId, jobTitle: plan.title });
    }
  }
  return true;
}

/**
 * A hired worker leaves (withdrawal or removal): their secured pay and the fee planned on it stop being
 * held for anyone (`hold_adjusted`, the card's hold shrinks by the same; no provider call: less is
 * captured at the end). Call with the plan read before they left.
 */
export async function releaseWorkerShare(tx: Tx, plan: PayPlan, p: { workerId: string; key: string; causeRef: string }) {
  const worker = plan.workers.find((w) => w.workerId === p.workerId);
  if (!worker) return;
  const feeBack = min(plan.platformSecured, worker.secured === 0n ? 0n : worker.fee);
  const changes: HoldShare[] = [
    { party: person(worker.workerId), amountMinor: -worker.secured },
    { party: PLATFORM, amountMinor: -feeBack },
  ].filter((c) => c.amountMinor !== 0n);
  if (changes.length === 0) return;
  await postTransaction(tx, {
    ...holdAdjusted(person(plan.ownerId), changes),
    idempotencyKey: p.key,
    currency: plan.currency,
    causeRef: p.causeRef,
    jobId: plan.jobId,
  });
}

/**
 * An authorised hold lapsed or was cancelled by the provider: the ledger stops counting on it. What the
 * remaining authorised holds cannot cover is taken back from the platform's share first, then from the
 * workers' in reverse hire order (they are told by the page's state, not as a notice).
 */
export async function shrinkToAuthorised(tx: Tx, plan: PayPlan, p: { key: string; causeRef: string }) {
  let excess = plan.cardHold - authorisedTotal(plan);
  if (excess <= 0n) return;
  const changes: HoldShare[] = [];
  const fromPlatform = min(excess, plan.platformSecured);
  if (fromPlatform > 0n) changes.push({ party: PLATFORM, amountMinor: -fromPlatform });
  excess -= fromPlatform > 0n ? fromPlatform : 0n;
  for (const w of [...plan.workers].reverse()) {
    const take = min(excess, w.secured);
    if (take <= 0n) continue;
    changes.push({ party: person(w.workerId), amountMinor: -take });
    excess -= take;
  }
  if (changes.length === 0) return;
  await postTransaction(tx, {
    ...holdAdjusted(person(plan.ownerId), changes),
    idempotencyKey: p.key,
    currency: plan.currency,
    causeRef: p.causeRef,
    jobId: plan.jobId,
  });
}
