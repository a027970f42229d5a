import { and, eq } from "drizzle-orm";

import type { Database } from "../../db/database.ts";
import { lockPeopleFirst } from "../../db/lock-order.ts";
import { cities, jobApplications, jobs, profiles } from "../../db/schema/index.ts";
import { todayIn } from "../../domain/age.ts";
import { nextHiredDay } from "../../domain/applications.ts";
import { jobTimeZone } from "../../domain/jobs.ts";
import { isActiveJob } from "../../domain/statuses.ts";
import type { BackgroundQueue } from "../background-jobs.ts";
import { leaveGroupChat } from "../chat/group-membership.ts";
import { holdsAfterLeave, planBeforeLeave } from "../money/holds/hire-holds.ts";
import { applicationWithdrawn } from "../notifications/events.ts";
import { inTransaction } from "../refusal.ts";
import { recordCancellation } from "../reliability/record.ts";
import { recountAccepted } from "./hire.ts";

type WithdrawRefusal = "no_application" | "not_pending" | "withdraw_job_finished";

/** The worker's own application to the job with what withdrawing needs of the job; null when they have none. */
async function ownApplication(db: Database, jobId: string, workerId: string) {
  const [row] = await db
    .select({ id: jobApplications.id, ownerId: jobs.employerId })
    .from(jobApplications)
    .innerJoin(jobs, eq(jobs.id, jobApplications.jobId))
    .where(and(eq(jobApplications.jobId, jobId), eq(jobApplications.workerId, workerId)));
  return row ?? null;
}

/**
 * A worker withdraws a pending or hired application, in the lock order (people, job FOR UPDATE, application).
 * Leaving a hire shortly before the next day records a late cancellation, unless the owner moved the job
 * (docs/decisions/033, 035, 056).
 */
export async function withdrawApplication(
  db: Database,
  queue: BackgroundQueue,
  p: { jobId: string; workerId: string; now: Date },
) {
  const own = await ownApplication(db, p.jobId, p.workerId);
  return inTransaction(db, async (tx, refuse: (reason: WithdrawRefusal) => never) => {
    if (!own) return refuse("no_application");
    if (!(await lockPeopleFirst(tx, [own.ownerId, p.workerId]))) return refuse("no_application");
    const [job] = await tx
      .select({
        status: jobs.status,
        startDate: jobs.startDate,
        startTime: jobs.startTime,
        durationDays: jobs.durationDays,
        cityZone: cities.timeZone,
        ownerZone: profiles.timeZone,
      })
      .from(jobs)
      .innerJoin(profiles, eq(profiles.id, jobs.employerId))
      .leftJoin(cities, eq(cities.id, jobs.cityId))
      .where(eq(jobs.id, p.jobId))
      .for("update", { of: jobs });
    if (!job) return refuse("no_application");
    if (!isActiveJob(job.status)) return refuse("withdraw_job_finished");

    const [application] = await tx
      .select({
        id: jobApplications.id,
        status: jobApplications.status,
        days: jobApplications.days,
        scheduleMovedAt: jobApplications.scheduleMovedAt,
      })
      .from(jobApplications)
      .where(and(eq(jobApplications.id, own.id), eq(jobApplications.workerId, p.workerId)))
      .for("update");
    if (!application) return refuse("no_application");
    if (application.status !== "pending" && application.status !== "accepted") return refuse("not_pending");
    const hired = application.status === "accepted";
    const plan = hired ? await planBeforeLeave(tx, p.jobId) : null;

    await tx.update(jobApplications).set({ status: "withdrawn", updatedAt: p.now }).where(eq(jobApplications.id, application.id));

    let lateCancellation = false;
    if (hired) {
      await recountAccepted(tx, p.jobId, p.now);
      await leaveGroupChat(tx, p.jobId, p.workerId);
      await holdsAfterLeave(tx, plan, { workerId: p.workerId, applicationId: application.id, now: p.now });
      const timeZone = jobTimeZone(job.cityZone, job.ownerZone);
      const day = nextHiredDay(job, application.days, todayIn(timeZone, p.now));
      // Measured against the worker's next day (its start time when the job states one); a day that
      // has begun gives no notice at all. None when the owner moved the days or time they were hired
      // for: leaving a job that is no longer the one agreed is free (docs/decisions/056).
      if (day && !application.scheduleMovedAt) {
        lateCancellation = await recordCancellation(tx, {
          userId: p.workerId,
          jobId: p.jobId,
          role: "worker",
          startDate: day,
          startTime: job.startTime,
          timeZone,
          now: p.now,
        });
      }
    }
    await applicationWithdrawn(tx, queue, { jobId: p.jobId, workerId: p.workerId, hired });
    return { id: application.id, status: "withdrawn" as const, wasHired: hired, lateCancellation };
  });
}
