import { eq } from "drizzle-orm";

import type { Database, Queryable } from "../../db/database.ts";
import { jobs } from "../../db/schema/index.ts";
import { isActiveJob } from "../../domain/statuses.ts";
import type { BackgroundQueue } from "../background-jobs.ts";
import { queueHoldSettlement } from "../money/holds/settle-holds.ts";
import { jobStatusChanged } from "../notifications/events.ts";
import { jobTimesheets } from "./job-timesheets.ts";

/**
 * Called in the transaction that makes a timesheet agreed (the worker accepts, the owner resolves a
 * dispute, a deadline settles it): queues the completion check of its job, which runs after the commit
 * in a transaction of its own, so it never holds a timesheet while it waits for the job's row.
 */
export async function queueCompletionCheck(tx: Queryable, queue: BackgroundQueue, jobIds: Iterable<string>): Promise<void> {
  // One statement for a deadline pass's many jobs.
  await queue.sendMany(
    tx,
    "job-completion",
    [...new Set(jobIds)].map((jobId) => ({ data: { jobId } })),
  );
}

/**
 * Completes a job once every day has begun and every hired worker's day has an agreed timesheet
 * (docs/decisions/032). Safe to run twice: the job's row is locked and a finished job is left alone.
 */
export async function completeWhenAgreed(db: Database, queue: BackgroundQueue, jobId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [job] = await tx
      .select({ status: jobs.status, ownerId: jobs.employerId })
      .from(jobs)
      .where(eq(jobs.id, jobId))
      .for("update");
    if (!job || !isActiveJob(job.status)) return false;
    const sheets = await jobTimesheets(tx, { jobId, callerId: job.ownerId, now });
    if (!sheets?.allAgreed) return false;
    await tx.update(jobs).set({ status: "completed", updatedAt: now }).where(eq(jobs.id, jobId));
    await queueHoldSettlement(tx, queue, jobId);
    await jobStatusChanged(tx, queue, { jobId, status: "completed" });
    return true;
  });
}
