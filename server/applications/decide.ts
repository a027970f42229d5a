import { and, eq } from "drizzle-orm";

import type { Database, Queryable } from "../../db/database.ts";
import { jobApplications, jobs } from "../../db/schema/index.ts";
import { canUndoRejection, rejectionFinalAt } from "../../domain/applications.ts";
import type { BackgroundQueue } from "../background-jobs.ts";
import { applicationDecided } from "../notifications/events.ts";
import { cancelRejectionNotice, queueRejectionNotice } from "../notifications/rejection-notice.ts";
import { inTransaction } from "../refusal.ts";
import { hireWorker, type HireRefusal } from "./hire.ts";

type Refuse = (reason: HireRefusal) => never;

export type DecisionParams = { applicationId: string; ownerId: string; now: Date };

/** The application with its job, when `ownerId` owns the job; refused for anyone else. */
async function ownedApplication(db: Queryable, applicationId: string, ownerId: string, refuse: Refuse) {
  const [row] = await db
    .select({
      id: jobApplications.id,
      jobId: jobApplications.jobId,
      workerId: jobApplications.workerId,
      status: jobApplications.status,
      days: jobApplications.days,
    })
    .from(jobApplications)
    .innerJoin(jobs, eq(jobs.id, jobApplications.jobId))
    .where(and(eq(jobApplications.id, applicationId), eq(jobs.employerId, ownerId)));
  return row ?? refuse("not_owner");
}

/**
 * The owner accepts a pending application, for the days it asks for (server/applications/hire.ts):
 * within each day's max_workers while the job is open or in progress, so racing accepts never exceed
 * it; the worker (and owner) join the job's group chat, which the first accept creates, and the worker
 * is told. One transaction.
 */
export async function acceptApplication(db: Database, queue: BackgroundQueue, { applicationId, ownerId, now }: DecisionParams) {
  return inTransaction(db, async (tx, refuse: Refuse) => {
    const application = await ownedApplication(tx, applicationId, ownerId, refuse);
    if (application.status !== "pending") return refuse("not_pending");
    const hired = await hireWorker(
      tx,
      {
        jobId: application.jobId,
        ownerId,
        workerId: application.workerId,
        days: application.days,
        from: ["pending"],
        queue,
        now,
      },
      refuse,
    );
    await applicationDecided(tx, queue, { jobId: application.jobId, workerId: application.workerId, accepted: true });
    return {
      id: hired.applicationId,
      status: "accepted" as const,
      jobId: application.jobId,
      workerId: application.workerId,
      conversationId: hired.conversationId,
      acceptedCount: hired.acceptedCount,
      maxWorkers: hired.maxWorkers,
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
