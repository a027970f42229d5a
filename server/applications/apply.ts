import { eq } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { jobApplications, jobs } from "../../db/schema/index.ts";
import { ERR } from "../../domain/errors.ts";
import type { UserType } from "../../domain/user-types.ts";
import { fail } from "../trpc/init.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";

export type ApplyParams = { jobId: string; worker: { id: string; userType: UserType }; message: string | null };

/**
 * A worker applies to an open job once. The job row is share-locked while the application is written,
 * so the owner cannot close the job between the check and the insert; a second application by the same
 * worker is refused by the unique (job_id, worker_id) index, also when two requests race.
 */
export async function applyToJob(db: Database, { jobId, worker, message }: ApplyParams) {
  try {
    return await db.transaction(async (tx) => {
      const [job] = await tx
        .select({ employerId: jobs.employerId, status: jobs.status })
        .from(jobs)
        .where(eq(jobs.id, jobId))
        .for("share");
      if (!job) throw fail("NOT_FOUND", ERR.jobNotFound);
      if (job.employerId === worker.id) throw fail("FORBIDDEN", ERR.cannotApplyOwnJob);
      if (worker.userType !== "worker") throw fail("FORBIDDEN", ERR.applyWorkersOnly);
      if (job.status !== "open") throw fail("CONFLICT", ERR.jobNotOpen);
      const [application] = await tx
        .insert(jobApplications)
        .values({ jobId, workerId: worker.id, message })
        .returning({
          id: jobApplications.id,
          jobId: jobApplications.jobId,
          status: jobApplications.status,
          message: jobApplications.message,
          createdAt: jobApplications.createdAt,
        });
      if (!application) throw new Error("application insert returned nothing");
      return application;
    });
  } catch (error) {
    if (isUniqueViolation(error, "job_applications_job_worker_uq")) throw fail("CONFLICT", ERR.alreadyApplied);
    throw error;
  }
}
