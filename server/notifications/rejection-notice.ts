import { eq } from "drizzle-orm";

import type { Database, Queryable } from "../../db/database.ts";
import { lockPeopleFirst } from "../../db/lock-order.ts";
import { jobApplications, jobs } from "../../db/schema/index.ts";
import { REJECTION_UNDO_SECONDS, rejectionFinalAt } from "../../domain/applications.ts";
import type { BackgroundQueue } from "../background-jobs.ts";
import { applicationDecided } from "./events.ts";

/**
 * Inside a rejection's transaction: the worker's notice waits until the owner can no longer undo it
 * (REJECTION_UNDO_SECONDS, docs/decisions/026). Undoing cancels this job (`cancelRejectionNotice`).
 */
export async function queueRejectionNotice(tx: Queryable, queue: BackgroundQueue, applicationId: string) {
  await queue.send(tx, "rejection-notice", { applicationId }, { startAfter: REJECTION_UNDO_SECONDS });
}

/** Inside an undo's transaction: the waiting notice of that rejection is not sent. */
export async function cancelRejectionNotice(tx: Queryable, queue: BackgroundQueue, applicationId: string) {
  await queue.cancelWaiting(tx, "rejection-notice", { applicationId });
}

/**
 * Tells a rejection once the undo window passed, under the application's row lock that an undo also takes, so
 * only one of them wins (docs/decisions/026); people are locked first (docs/decisions/015).
 */
export async function tellRejection(db: Database, queue: BackgroundQueue, applicationId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [people] = await tx
      .select({ workerId: jobApplications.workerId, ownerId: jobs.employerId })
      .from(jobApplications)
      .innerJoin(jobs, eq(jobs.id, jobApplications.jobId))
      .where(eq(jobApplications.id, applicationId));
    if (!people || !(await lockPeopleFirst(tx, [people.workerId, people.ownerId]))) return;
    const [application] = await tx
      .select({
        status: jobApplications.status,
        rejectedAt: jobApplications.updatedAt,
        jobId: jobApplications.jobId,
        workerId: jobApplications.workerId,
      })
      .from(jobApplications)
      .where(eq(jobApplications.id, applicationId))
      .for("update");
    // Restored, or gone with the job or an account.
    if (!application || application.status !== "rejected") return;
    const waitMs = rejectionFinalAt(application.rejectedAt).getTime() - now.getTime();
    if (waitMs > 0) {
      await queue.send(tx, "rejection-notice", { applicationId }, { startAfter: Math.ceil(waitMs / 1000) });
      return;
    }
    await applicationDecided(tx, queue, {
      jobId: application.jobId,
      workerId: application.workerId,
      accepted: false,
      dedupeKey: `rejected:${applicationId}`,
    });
  });
}
