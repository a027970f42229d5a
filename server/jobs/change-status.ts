import { and, eq, sql } from "drizzle-orm";

import type { Database } from "../../db/database.ts";
import { cities, jobApplications, jobs, profiles } from "../../db/schema/index.ts";
import { canCompleteJob, jobTimeZone } from "../../domain/jobs.ts";
import { JOB_ACTIONS, type JobAction, type JobStatus } from "../../domain/statuses.ts";
import type { BackgroundQueue } from "../background-jobs.ts";
import { payIsSecured } from "../money/holds/pay-state.ts";
import { queueHoldSettlement } from "../money/holds/settle-holds.ts";
import { payLateCancellation } from "../money/late-cancellation.ts";
import { jobStatusChanged } from "../notifications/events.ts";
import { inTransaction } from "../refusal.ts";
import { recordCancellation } from "../reliability/record.ts";
import { lockOwnerAndHired } from "./schedule-moved.ts";

type Refuse = (reason: "job_not_found" | "status_change_refused" | "complete_before_start" | "pay_not_secured") => never;

/**
 * The owner's status moves in one transaction with the job's row FOR UPDATE, so clicks, tabs or an edit racing
 * it each judge the status the other left; a late cancellation counts against the owner (docs/decisions/033)
 * and pays the hired workers whose next day was near (docs/decisions/078).
 */
export async function changeJobStatus(
  db: Database,
  queue: BackgroundQueue,
  params: { employerId: string; jobId: string; action: JobAction; now: Date },
) {
  const { employerId, jobId, action, now } = params;
  const { from, to } = JOB_ACTIONS[action];
  return inTransaction(db, async (tx, refuse: Refuse) => {
    // A cancellation may post compensation, whose ledger parties share-lock people: people first (docs/decisions/015).
    if (action === "cancel") await lockOwnerAndHired(tx, jobId, employerId);
    const [job] = await tx
      .select({
        status: jobs.status,
        startDate: jobs.startDate,
        startTime: jobs.startTime,
        // Anyone hired, for any day (accepted_count counts the least-staffed day only).
        hired: sql<boolean>`exists (select 1 from ${jobApplications} a where a.job_id = ${jobs.id} and a.status = 'accepted')`,
        cityZone: cities.timeZone,
        ownerZone: profiles.timeZone,
      })
      .from(jobs)
      .innerJoin(profiles, eq(profiles.id, jobs.employerId))
      .leftJoin(cities, eq(cities.id, jobs.cityId))
      .where(and(eq(jobs.id, jobId), eq(jobs.employerId, employerId)))
      .for("update", { of: jobs });
    if (!job) return refuse("job_not_found");
    if (!(from as readonly JobStatus[]).includes(job.status)) return refuse("status_change_refused");
    // A job paid through Daywork starts only once its hired workers' planned pay is held (docs/decisions/079).
    if (action === "start" && job.hired && !(await payIsSecured(tx, jobId))) return refuse("pay_not_secured");
    if (action === "complete" && !canCompleteJob(job.startDate, jobTimeZone(job.cityZone, job.ownerZone), now)) {
      return refuse("complete_before_start");
    }
    const [row] = await tx
      .update(jobs)
      .set({ status: to, updatedAt: now })
      .where(eq(jobs.id, jobId))
      .returning({ id: jobs.id, status: jobs.status });
    if (!row) return refuse("job_not_found");
    // Cancelling a job someone was hired for, shortly before its start, is the owner's late cancellation.
    if (action === "cancel" && job.hired) {
      const timeZone = jobTimeZone(job.cityZone, job.ownerZone);
      const { startDate, startTime } = job;
      await recordCancellation(tx, { userId: employerId, jobId, role: "employer", startDate, startTime, timeZone, now });
      // And it pays each hired worker whose next day was less than a day away (docs/decisions/078).
      await payLateCancellation(tx, queue, { jobId, ownerId: employerId, now });
    }
    // The job is over: its holds are captured for what is owed and the rest released (docs/decisions/079).
    if (action === "complete" || action === "cancel") await queueHoldSettlement(tx, queue, jobId);
    await jobStatusChanged(tx, queue, { jobId, status: row.status });
    return row;
  });
}
