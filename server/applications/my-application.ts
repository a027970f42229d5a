import { and, eq } from "drizzle-orm";

import type { Queryable } from "../../db/database.ts";
import { cities, jobApplications, jobInvitations, jobs, profiles } from "../../db/schema/index.ts";
import { todayIn } from "../../domain/age.ts";
import { nextHiredDay, type MyApplicationStatus } from "../../domain/applications.ts";
import { shiftDates } from "../../domain/attendance.ts";
import { jobTimeZone } from "../../domain/jobs.ts";
import { hoursOfNotice, isLateCancellation } from "../../domain/reliability.ts";
import { staffedDays } from "./hire.ts";
import { statusAsWorkerSees } from "./worker-view.ts";

/** The days of a job that allows per-day applications which already have max_workers hired (the day picker). */
async function fullDays(db: Queryable, jobId: string): Promise<string[]> {
  const [job] = await db
    .select({
      startDate: jobs.startDate,
      durationDays: jobs.durationDays,
      maxWorkers: jobs.maxWorkers,
      partialDays: jobs.partialDays,
    })
    .from(jobs)
    .where(eq(jobs.id, jobId));
  if (!job?.partialDays) return [];
  const dates = shiftDates(job.startDate, job.durationDays);
  const staffed = await staffedDays(db, jobId, dates);
  return dates.filter((d) => (staffed.get(d) ?? 0) >= job.maxWorkers);
}

/** The state of the owner's invitation of the worker to the job, if any (docs/decisions/036). */
async function invitationOf(db: Queryable, jobId: string, workerId: string) {
  const [row] = await db
    .select({ status: jobInvitations.status })
    .from(jobInvitations)
    .where(and(eq(jobInvitations.jobId, jobId), eq(jobInvitations.workerId, workerId)))
    .limit(1);
  return row?.status ?? null;
}

/**
 * The caller's application to a job as the apply card needs it: status, days, full days, the notice a
 * withdrawal would give, and the invitation's state (docs/decisions/035, 047).
 */
export async function myApplication(db: Queryable, jobId: string, workerId: string, now: Date) {
  const [row] = await db
    .select({
      id: jobApplications.id,
      status: statusAsWorkerSees(now),
      createdAt: jobApplications.createdAt,
      days: jobApplications.days,
      scheduleMovedAt: jobApplications.scheduleMovedAt,
      startDate: jobs.startDate,
      startTime: jobs.startTime,
      durationDays: jobs.durationDays,
      cityZone: cities.timeZone,
      ownerZone: profiles.timeZone,
    })
    .from(jobApplications)
    .innerJoin(jobs, eq(jobs.id, jobApplications.jobId))
    .innerJoin(profiles, eq(profiles.id, jobs.employerId))
    .leftJoin(cities, eq(cities.id, jobs.cityId))
    .where(and(eq(jobApplications.jobId, jobId), eq(jobApplications.workerId, workerId)))
    .limit(1);
  const status: MyApplicationStatus = row?.status ?? "none";
  let lateWithdrawal: { noticeHours: number } | null = null;
  // A hire whose job the owner moved leaves without a strike (docs/decisions/056): nothing to warn of.
  if (row && status === "accepted" && !row.scheduleMovedAt) {
    const timeZone = jobTimeZone(row.cityZone, row.ownerZone);
    const day = nextHiredDay(row, row.days, todayIn(timeZone, now));
    if (day && isLateCancellation(day, timeZone, now, row.startTime)) {
      lateWithdrawal = { noticeHours: Math.max(0, hoursOfNotice(day, timeZone, now, row.startTime)) };
    }
  }
  return {
    status,
    applicationId: row?.id ?? null,
    appliedAt: row?.createdAt ?? null,
    days: row?.days ?? null,
    fullDays: await fullDays(db, jobId),
    lateWithdrawal,
    invitation: await invitationOf(db, jobId, workerId),
  };
}
