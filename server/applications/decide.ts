import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Database, Queryable } from "../../db/database.ts";
import { jobApplications, jobs } from "../../db/schema/index.ts";
import { ERR } from "../../domain/errors.ts";
import { joinGroupChat } from "../chat/group-membership.ts";
import { fail } from "../trpc/init.ts";

export type DecisionParams = { applicationId: string; ownerId: string; now: Date };

/** The application with its job, when `ownerId` owns the job; else SPEC.md's Access Denied. */
async function ownedApplication(db: Queryable, applicationId: string, ownerId: string) {
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
  if (!row) throw fail("FORBIDDEN", ERR.applicationsAccessDenied);
  return row;
}

/**
 * The owner accepts a pending application. One transaction: a conditional increment of the job's
 * accepted_count (only below max_workers and while the job is open or in progress), the conditional
 * pending → accepted update, and the worker's (and owner's) membership of the job's group chat, which
 * the first accept creates. Racing accepts therefore never exceed max_workers: the row lock on the job
 * serialises the increments and each re-checks the count.
 */
export async function acceptApplication(db: Database, { applicationId, ownerId, now }: DecisionParams) {
  return db.transaction(async (tx) => {
    const application = await ownedApplication(tx, applicationId, ownerId);
    if (application.status !== "pending") throw fail("CONFLICT", ERR.applicationNotPending);

    const [job] = await tx
      .update(jobs)
      .set({ acceptedCount: sql`${jobs.acceptedCount} + 1`, updatedAt: now })
      .where(
        and(
          eq(jobs.id, application.jobId),
          eq(jobs.employerId, ownerId),
          lt(jobs.acceptedCount, jobs.maxWorkers),
          inArray(jobs.status, ["open", "in_progress"]),
        ),
      )
      .returning({ acceptedCount: jobs.acceptedCount, maxWorkers: jobs.maxWorkers });
    if (!job) {
      const [current] = await tx.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, application.jobId));
      const hiring = current?.status === "open" || current?.status === "in_progress";
      throw fail("CONFLICT", hiring ? ERR.positionsFilled : ERR.jobNotHiring);
    }

    const [accepted] = await tx
      .update(jobApplications)
      .set({ status: "accepted", updatedAt: now })
      .where(and(eq(jobApplications.id, application.id), eq(jobApplications.status, "pending")))
      .returning({ id: jobApplications.id, status: jobApplications.status });
    // Decided by a concurrent request since we read it: throwing rolls the increment back.
    if (!accepted) throw fail("CONFLICT", ERR.applicationNotPending);

    const conversationId = await joinGroupChat(tx, application.jobId, [ownerId, application.workerId]);
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

/** The owner rejects a pending application; a decided one is refused. */
export async function rejectApplication(db: Database, { applicationId, ownerId, now }: DecisionParams) {
  return db.transaction(async (tx) => {
    const application = await ownedApplication(tx, applicationId, ownerId);
    const [rejected] = await tx
      .update(jobApplications)
      .set({ status: "rejected", updatedAt: now })
      .where(and(eq(jobApplications.id, application.id), eq(jobApplications.status, "pending")))
      .returning({ id: jobApplications.id, status: jobApplications.status });
    if (!rejected) throw fail("CONFLICT", ERR.applicationNotPending);
    return { id: rejected.id, status: rejected.status, jobId: application.jobId, workerId: application.workerId };
  });
}
