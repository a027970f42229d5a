import { and, count, eq, gt, isNull, ne, sql } from "drizzle-orm";

import type { Database, Queryable, Tx } from "../../db/database.ts";
import { jobHolds, jobs, user } from "../../db/schema/index.ts";
import {
  firedHoldRules,
  HOLD_RULES,
  POSTING_BURST,
  type HoldDecision,
  type HoldRule,
  type JobModeration,
  type PostToCheck,
} from "../../domain/moderation/hold-rules.ts";
import type { BackgroundQueue } from "../background-jobs.ts";

/** What the hold rules read of a job's form (posting, editing, "post again"). */
export type PostedText = Pick<PostToCheck, "title" | "description" | "skills" | "district" | "hourlyRate" | "currency">;

/**
 * The hold rules `text` trips when `employerId` posts it at `now` (docs/decisions/069): the account's age
 * and its posts of the last hour (jobs_employer_created_idx) are read here, in the posting's transaction,
 * before the new job is written. `rules` narrows the check (an edit runs the content rules alone).
 */
export async function rulesTripped(
  tx: Queryable,
  p: { employerId: string; text: PostedText; now: Date; rules?: readonly HoldRule[] },
): Promise<HoldRule[]> {
  const rules = p.rules ?? HOLD_RULES;
  if (rules.length === 0) return [];
  const since = new Date(p.now.getTime() - POSTING_BURST.windowMs);
  const [account] = await tx
    .select({
      createdAt: user.createdAt,
      recentPosts:
        sql<number>`(select ${count()} from ${jobs} where ${and(eq(jobs.employerId, p.employerId), gt(jobs.createdAt, since))})`.mapWith(
          Number,
        ),
    })
    .from(user)
    .where(eq(user.id, p.employerId));
  return firedHoldRules(
    {
      ...p.text,
      accountCreatedAt: account?.createdAt ?? p.now,
      recentPosts: account?.recentPosts ?? 0,
      now: p.now,
    },
    rules,
  );
}

/**
 * Holds a job in the caller's transaction: hidden from everyone but its owner until an operator decides,
 * with the rules that fired and when recorded for the moderation queue. A job already waiting keeps its
 * one waiting hold, which gains the new rules.
 */
export async function holdJob(tx: Queryable, p: { jobId: string; rules: readonly HoldRule[]; now: Date }): Promise<void> {
  // A removed job stays removed: an edit does not bring it back to the queue.
  const [held] = await tx
    .update(jobs)
    .set({ moderation: "held" })
    .where(and(eq(jobs.id, p.jobId), ne(jobs.moderation, "removed")))
    .returning({ id: jobs.id });
  if (held) await recordHold(tx, p);
}

/** The hold's row of a job written held (holdJob, or a post inserted held): a waiting one gains the rules. */
export async function recordHold(tx: Queryable, p: { jobId: string; rules: readonly HoldRule[]; now: Date }): Promise<void> {
  await tx
    .insert(jobHolds)
    .values({ jobId: p.jobId, rules: [...p.rules], heldAt: p.now })
    .onConflictDoUpdate({
      target: jobHolds.jobId,
      targetWhere: isNull(jobHolds.decidedAt),
      set: {
        rules: sql`array(select distinct r from unnest(${jobHolds.rules} || excluded.rules) as r order by r)`,
      },
    });
}

/** What approving or rejecting a hold needs: the background queue and the clock. */
export type HoldDecisionServices = { queue: BackgroundQueue; now: () => Date };

/**
 * Decides the job's waiting hold in the caller's transaction, under the job's row lock; null when the
 * job has no waiting hold (never held, decided already, or gone). An approval queues what a new visible
 * job sets off, as posting does (server/jobs/create-job.ts): followers told and saved searches matched.
 */
export async function decideHoldIn(
  tx: Tx,
  queue: BackgroundQueue,
  p: { jobId: string; operatorId: string; decision: HoldDecision; now: Date },
) {
  const [job] = await tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.id, p.jobId), eq(jobs.moderation, "held")))
    .for("update");
  if (!job) return null;
  const [hold] = await tx
    .update(jobHolds)
    .set({ decision: p.decision, decidedAt: p.now, decidedBy: p.operatorId })
    .where(and(eq(jobHolds.jobId, p.jobId), isNull(jobHolds.decidedAt)))
    .returning({ id: jobHolds.id });
  if (!hold) return null;
  const moderation: JobModeration = p.decision === "approved" ? "visible" : "removed";
  await tx.update(jobs).set({ moderation }).where(eq(jobs.id, p.jobId));
  if (p.decision === "approved") await queue.send(tx, "saved-search-match", { jobId: p.jobId });
  return { jobId: p.jobId, holdId: hold.id, moderation };
}

/** An operator shows a held job; null when it has no waiting hold. The moderation queue decides through server/moderation/decide.ts. */
export async function approveHold(db: Database, services: HoldDecisionServices, jobId: string, operatorId: string) {
  return db.transaction((tx) =>
    decideHoldIn(tx, services.queue, { jobId, operatorId, decision: "approved", now: services.now() }),
  );
}

/** An operator removes a held job: it stays hidden for good. Null when it has no waiting hold. */
export async function rejectHold(db: Database, services: HoldDecisionServices, jobId: string, operatorId: string) {
  return db.transaction((tx) =>
    decideHoldIn(tx, services.queue, { jobId, operatorId, decision: "rejected", now: services.now() }),
  );
}
