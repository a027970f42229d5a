import { eq, sql } from "drizzle-orm";

import type { Database } from "../../db/database.ts";
import { lockPeopleFirst } from "../../db/lock-order.ts";
import { jobApplications, jobs } from "../../db/schema/index.ts";
import { applicationDaysFor } from "../../domain/applications.ts";
import type { UserType } from "../../domain/user-types.ts";
import type { BackgroundQueue } from "../background-jobs.ts";
import { eitherBlocked } from "../blocks/between.ts";
import { rememberAnswer, type KeyedRequest } from "../idempotency/once-per-key.ts";
import { applicationReceived } from "../notifications/events.ts";
import { inTransaction, refusal } from "../refusal.ts";

export type ApplyParams = {
  jobId: string;
  worker: { id: string; userType: UserType };
  message: string | null;
  /** Some days of the job (validated by domain/applications.ts applySchema), or null for every day. */
  days: readonly string[] | null;
  now: Date;
  /** The submission's idempotency key: its answer is written with the application (docs/decisions/063). */
  keyed?: KeyedRequest | null;
};

type ApplyRefusal =
  | "job_not_found"
  | "own_job_apply"
  | "workers_only"
  | "job_not_open"
  | "job_ended"
  | "already_applied"
  | "days_not_allowed"
  | "days_not_of_job"
  | "apply_unavailable";

/**
 * A worker applies once to an open job whose days are not over, for every day or some (docs/decisions/035,
 * 048). People first, then the job share-locked, so the owner cannot close it between check and write
 * (docs/decisions/059); a block either way answers as a closed job (docs/decisions/068).
 */
export async function applyToJob(
  db: Database,
  queue: BackgroundQueue,
  { jobId, worker, message, days, now, keyed }: ApplyParams,
) {
  const [owner] = await db.select({ id: jobs.employerId }).from(jobs).where(eq(jobs.id, jobId)).limit(1);
  if (!owner) return refusal("job_not_found");
  return inTransaction(db, async (tx, refuse: (reason: ApplyRefusal) => never) => {
    // People before the job (docs/decisions/015, 059): the owner's notice below share-locks the owner,
    // so an owner's deletion must not be able to wait on the job this holds. Owner deleted: no job.
    if (!(await lockPeopleFirst(tx, [worker.id, owner.id]))) return refuse("job_not_found");
    const [job] = await tx
      .select({
        employerId: jobs.employerId,
        status: jobs.status,
        moderation: jobs.moderation,
        startDate: jobs.startDate,
        durationDays: jobs.durationDays,
        partialDays: jobs.partialDays,
        ended: sql<boolean>`${jobs.endsAt} <= ${now.toISOString()}::timestamptz`,
      })
      .from(jobs)
      .where(eq(jobs.id, jobId))
      .for("share");
    // The job changed hands meanwhile (its owner's deletion left it to a stand-in): as if gone.
    // Held for review or removed (docs/decisions/069): not there for anyone but its owner.
    if (!job || job.employerId !== owner.id || (job.moderation !== "visible" && job.employerId !== worker.id))
      return refuse("job_not_found");
    if (job.employerId === worker.id) return refuse("own_job_apply");
    if (worker.userType !== "worker") return refuse("workers_only");
    if (job.status !== "open") return refuse("job_not_open");
    if (job.ended) return refuse("job_ended");
    if (await eitherBlocked(tx, worker.id, owner.id)) return refuse("apply_unavailable");
    const asked = applicationDaysFor(job, days);
    if (!asked.ok) return refuse(asked.reason);

    const fresh = { status: "pending" as const, message, days: asked.days, createdAt: now, updatedAt: now };
    const [application] = await tx
      .insert(jobApplications)
      .values({ jobId, workerId: worker.id, ...fresh })
      .onConflictDoUpdate({
        target: [jobApplications.jobId, jobApplications.workerId],
        set: fresh,
        setWhere: sql`${jobApplications.status} = 'withdrawn'`,
      })
      .returning({
        id: jobApplications.id,
        jobId: jobApplications.jobId,
        status: jobApplications.status,
        message: jobApplications.message,
        days: jobApplications.days,
        createdAt: jobApplications.createdAt,
      });
    // The worker has an application that is not withdrawn (pending, accepted or rejected).
    if (!application) return refuse("already_applied");
    await applicationReceived(tx, queue, { jobId, applicantId: worker.id });
    await rememberAnswer(tx, keyed ?? null, application);
    return application;
  });
}
