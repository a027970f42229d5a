import { and, eq, inArray, lt, sql } from "drizzle-orm";

import type { Database, Queryable } from "../../db/database.ts";
import { jobApplications, jobs } from "../../db/schema/index.ts";
import { canUndoRejection, rejectionFinalAt } from "../../domain/applications.ts";
import { ACTIVE_JOB_STATUSES, isActiveJob } from "../../domain/statuses.ts";
import { joinGroupChat } from "../chat/group-membership.ts";
import { applicationDecided } from "../notifications/events.ts";
import { cancelRejectionNotice, queueRejectionNotice } from "../notifications/rejection-notice.ts";
import { lockPeopleFirst } from "../privacy/lock-order.ts";
import type { BackgroundQueue } from "../queue/background-queue.ts";
import { inTransaction } from "../refusal.ts";

type Refuse = (reason: "not_owner" | "not_pending" | "positions_filled" | "job_not_hiring") => never;

export type DecisionParams = { applicationId: string; ownerId: string; now: Date };

/** The application with its job, when `ownerId` owns the job; refused for anyone else. */
async function ownedApplication(db: Queryable, applicationId: string, ownerId: string, refuse: Refuse) {
  const [row] = await db
    .select({
      id: jobApplications.id,
      jobId: jobApplications.jobId,
      workerId: jobApplications.workerId,
      status: jobApplications.status,
    })
    .from(jobApplications)
    .innerJoin(jobs, eq(jobs.id, jobApplications.jobId))
    .where(and(eq(jobApplications.id, applicationId), eq(jobs.employerId, ownerId)));
  return row ?? refuse("not_owner");
}

/**
 * The owner accepts a pending application. One transaction: a conditional increment of the job's
 * accepted_count (only below max_workers and while the job is open or in progress), the conditional
 * pending → accepted update, and the worker's (and owner's) membership of the job's group chat, which
 * the first accept creates, and the worker's notice. Racing accepts therefore never exceed max_workers: the row lock on the job
 * serialises the increments and each re-checks the count.
 */
export async function acceptApplication(db: Database, queue: BackgroundQueue, { applicationId, ownerId, now }: DecisionParams) {
  return inTransaction(db, async (tx, refuse: Refuse) => {
    const application = await ownedApplication(tx, applicationId, ownerId, refuse);
    if (application.status !== "pending") return refuse("not_pending");
    // Before the job row: a worker deleting their account right now goes first or waits for us.
    if (!(await lockPeopleFirst(tx, [ownerId, application.workerId]))) return refuse("not_owner");

    const [job] = await tx
      .update(jobs)
      .set({ acceptedCount: sql`${jobs.acceptedCount} + 1`, updatedAt: now })
      .where(
        and(
          eq(jobs.id, application.jobId),
          eq(jobs.employerId, ownerId),
          lt(jobs.acceptedCount, jobs.maxWorkers),
          inArray(jobs.status, [...ACTIVE_JOB_STATUSES]),
        ),
      )
      .returning({ acceptedCount: jobs.acceptedCount, maxWorkers: jobs.maxWorkers });
    if (!job) {
      const [current] = await tx.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, application.jobId));
      return refuse(current && isActiveJob(current.status) ? "positions_filled" : "job_not_hiring");
    }

    const [accepted] = await tx
      .update(jobApplications)
      .set({ status: "accepted", updatedAt: now })
      .where(and(eq(jobApplications.id, application.id), eq(jobApplications.status, "pending")))
      .returning({ id: jobApplications.id, status: jobApplications.status });
    // Decided by a concurrent request since we read it: refusing rolls the increment back.
    if (!accepted) return refuse("not_pending");

    const conversationId = await joinGroupChat(tx, application.jobId, [ownerId, application.workerId]);
    await applicationDecided(tx, queue, { jobId: application.jobId, workerId: application.workerId, accepted: true });
    return {
      id: accepted.id,
      status: accepted.status,
      jobId: application.jobId,
      workerId: application.workerId,
      conversationId,
      acceptedCount: job.acceptedCount,
      maxWorkers: job.maxWorkers,
    };
  });
}

/**
 * The owner rejects a pending application; a decided one is refused. The worker is told only once the
 * owner can no longer undo it (REJECTION_UNDO_SECONDS): the notice is a delayed job queued with the
 * change. `updated_at` records when it was rejected (nothing else updates a rejected application).
 */
export async function rejectApplication(db: Database, queue: BackgroundQueue, { applicationId, ownerId, now }: DecisionParams) {
  return inTransaction(db, async (tx, refuse: Refuse) => {
    const application = await ownedApplication(tx, applicationId, ownerId, refuse);
    const [rejected] = await tx
      .update(jobApplications)
      .set({ status: "rejected", updatedAt: now })
      .where(and(eq(jobApplications.id, application.id), eq(jobApplications.status, "pending")))
      .returning({ id: jobApplications.id, status: jobApplications.status });
    if (!rejected) return refuse("not_pending");
    await queueRejectionNotice(tx, queue, application.id);
    return {
      id: rejected.id,
      status: rejected.status,
      jobId: application.jobId,
      workerId: application.workerId,
      undoUntil: rejectionFinalAt(now),
    };
  });
}

/**
 * The owner takes a rejection back within REJECTION_UNDO_SECONDS: the application is pending again and
 * its waiting notice is cancelled, so the worker never hears of it. The application's row is locked
 * first: the notice's job takes the same lock, so exactly one of them wins at the window's edge.
 */
export async function undoRejection(db: Database, queue: BackgroundQueue, { applicationId, ownerId, now }: DecisionParams) {
  return inTransaction(db, async (tx, refuse: (reason: "not_owner" | "undo_expired") => never) => {
    const [application] = await tx
      .select({ id: jobApplications.id, status: jobApplications.status, rejectedAt: jobApplications.updatedAt })
      .from(jobApplications)
      .innerJoin(jobs, eq(jobs.id, jobApplications.jobId))
      .where(and(eq(jobApplications.id, applicationId), eq(jobs.employerId, ownerId)))
      .for("update", { of: jobApplications });
    if (!application) return refuse("not_owner");
    if (application.status !== "rejected" || !canUndoRejection(application.rejectedAt, now)) return refuse("undo_expired");
    const [restored] = await tx
      .update(jobApplications)
      .set({ status: "pending", updatedAt: now })
      .where(eq(jobApplications.id, application.id))
      .returning({ id: jobApplications.id, status: jobApplications.status });
    if (!restored) return refuse("undo_expired");
    await cancelRejectionNotice(tx, queue, application.id);
    return { id: restored.id, status: restored.status };
  });
}
