import { and, eq } from "drizzle-orm";

import type { Queryable } from "../../db/database.ts";
import { cities, jobApplications, jobs, profiles } from "../../db/schema/index.ts";
import type { JobSchedule } from "../../domain/job-schedule.ts";
import { jobTimeZone } from "../../domain/jobs.ts";
import { jobScheduleChanged } from "../notifications/events.ts";
import type { BackgroundQueue } from "../queue/background-queue.ts";

/** The owner's job's days, start time and zone, its row locked FOR UPDATE; null for anyone else's. */
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
    .for("update", { of: jobs });
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
