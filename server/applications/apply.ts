import { eq } from "drizzle-orm";

import type { Database } from "../../db/database.ts";
import { jobApplications, jobs } from "../../db/schema/index.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import type { UserType } from "../../domain/user-types.ts";
import { applicationReceived } from "../notifications/events.ts";
import type { BackgroundQueue } from "../queue/background-queue.ts";
import { inTransaction, refusal } from "../refusal.ts";

export type ApplyParams = { jobId: string; worker: { id: string; userType: UserType }; message: string | null };

/**
 * A worker applies to an open job once. The job row is share-locked while the application is written,
 * so the owner cannot close the job between the check and the insert; a second application by the same
 * worker is refused by the unique (job_id, worker_id) index, also when two requests race. The owner is
 * notified in the same transaction.
 */
export async function applyToJob(db: Database, queue: BackgroundQueue, { jobId, worker, message }: ApplyParams) {
  try {
    return await inTransaction(
      db,
      async (tx, refuse: (reason: "job_not_found" | "own_job_apply" | "workers_only" | "job_not_open") => never) => {
        const [job] = await tx
          .select({ employerId: jobs.employerId, status: jobs.status })
          .from(jobs)
          .where(eq(jobs.id, jobId))
          .for("share");
        if (!job) return refuse("job_not_found");
        if (job.employerId === worker.id) return refuse("own_job_apply");
        if (worker.userType !== "worker") return refuse("workers_only");
        if (job.status !== "open") return refuse("job_not_open");
        const [application] = await tx.insert(jobApplications).values({ jobId, workerId: worker.id, message }).returning({
          id: jobApplications.id,
          jobId: jobApplications.jobId,
          status: jobApplications.status,
          message: jobApplications.message,
          createdAt: jobApplications.createdAt,
        });
        if (!application) throw new Error("application insert returned nothing");
        await applicationReceived(tx, queue, { jobId, applicantId: worker.id });
        return application;
      },
    );
  } catch (error) {
    if (isUniqueViolation(error, "job_applications_job_worker_uq")) return refusal("already_applied");
    throw error;
  }
}
