import { and, eq } from "drizzle-orm";

import type { Queryable, Tx } from "../../db/database.ts";
import { lockPeopleFirst } from "../../db/lock-order.ts";
import { cities, jobApplications, jobs, profiles } from "../../db/schema/index.ts";
import type { JobSchedule } from "../../domain/job-schedule.ts";
import { jobTimeZone } from "../../domain/jobs.ts";
import type { BackgroundQueue } from "../background-jobs.ts";
import { jobScheduleChanged } from "../notifications/events.ts";

/** The workers hired for the job now (a plain read: it locks nothing). */
async function hiredWorkers(tx: Queryable, jobId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: jobApplications.workerId })
    .from(jobApplications)
    .where(and(eq(jobApplications.jobId, jobId), eq(jobApplications.status, "accepted")));
  return rows.map((r) => r.id);
}

/**
 * First in the edit's transaction, in the app's lock order (docs/decisions/015): the owner and the
 * workers hired now, whom a move writes notices to, FOR KEY SHARE. One of them deleted meanwhile
 * leaves nothing to tell them.
 */
export async function lockOwnerAndHired(tx: Tx, jobId: string, ownerId: string): Promise<void> {
  await lockPeopleFirst(tx, [ownerId, ...(await hiredWorkers(tx, jobId))]);
}

/**
 * The owner's job's days, start time and zone, its row locked FOR NO KEY UPDATE (as the UPDATE takes
 * it: the foreign-key checks of attendance writes still pass); null for anyone else's.
 */
export async function jobScheduleOf(tx: Queryable, jobId: string, ownerId: string): Promise<JobSchedule | null> {
  const [row] = await tx
    .select({
      startDate: jobs.startDate,
      startTime: jobs.startTime,
      durationDays: jobs.durationDays,
      cityZone: cities.timeZone,
      ownerZone: profiles.timeZone,
    })
    .from(jobs)
    .innerJoin(profiles, eq(profiles.id, jobs.employerId))
    .leftJoin(cities, eq(cities.id, jobs.cityId))
    .where(and(eq(jobs.id, jobId), eq(jobs.employerId, ownerId)))
    .for("no key update", { of: jobs });
  if (!row) return null;
  const { cityZone, ownerZone, ...schedule } = row;
  return { ...schedule, timeZone: jobTimeZone(cityZone, ownerZone) };
}

/**
 * Inside the edit's transaction, after the job's row: the job's days or start time moved. Each hired
 * worker's application keeps when (so withdrawing is then free of a strike: docs/decisions/056) and
 * each worker is told once. Answers how many were hired.
 */
export async function tellHiredOfMove(tx: Queryable, queue: BackgroundQueue, p: { jobId: string; ownerId: string; now: Date }) {
  const hired = await tx
    .update(jobApplications)
    .set({ scheduleMovedAt: p.now })
    .where(and(eq(jobApplications.jobId, p.jobId), eq(jobApplications.status, "accepted")))
    .returning({ workerId: jobApplications.workerId });
  if (hired.length > 0)
    await jobScheduleChanged(tx, queue, { jobId: p.jobId, ownerId: p.ownerId, workerIds: hired.map((h) => h.workerId) });
  return hired.length;
}
