import { and, eq, inArray, sql } from "drizzle-orm";

import type { Queryable, Tx } from "../../db/database.ts";
import { lockPeopleFirst } from "../../db/lock-order.ts";
import { jobApplications, jobs } from "../../db/schema/index.ts";
import { shiftDates } from "../../domain/attendance.ts";
import { isActiveJob, type ApplicationStatus } from "../../domain/statuses.ts";
import type { BackgroundQueue } from "../background-jobs.ts";
import { eitherBlocked } from "../blocks/between.ts";
import { joinGroupChat } from "../chat/group-membership.ts";
import { holdsAfterHire } from "../money/holds/hire-holds.ts";

export type HireRefusal =
  "not_owner" | "not_pending" | "positions_filled" | "job_not_hiring" | "job_ended" | "person_unavailable";

export type HireParams = {
  jobId: string;
  ownerId: string;
  workerId: string;
  /** The days to hire for (null: every day of the job); days outside the job are ignored. */
  days: readonly string[] | null;
  /** Where a hold for the hired workers' planned pay is queued (jobs paid through Daywork, docs/decisions/079). */
  queue: BackgroundQueue;
  /** The statuses the worker's existing application may be in to become accepted. */
  from: readonly ApplicationStatus[];
  now: Date;
};

/**
 * The one way a worker becomes hired, in the caller's transaction: the job's row FOR UPDATE serialises every
 * hire and withdrawal of the job, so no day exceeds max_workers (docs/decisions/035). Never across a block
 * (docs/decisions/068).
 */
export async function hireWorker(tx: Tx, p: HireParams, refuse: (reason: HireRefusal) => never) {
  if (!(await lockPeopleFirst(tx, [p.ownerId, p.workerId]))) return refuse("not_owner");
  const [job] = await tx
    .select({
      status: jobs.status,
      startDate: jobs.startDate,
      durationDays: jobs.durationDays,
      maxWorkers: jobs.maxWorkers,
      ended: sql<boolean>`${jobs.endsAt} <= ${p.now.toISOString()}::timestamptz`,
    })
    .from(jobs)
    .where(and(eq(jobs.id, p.jobId), eq(jobs.employerId, p.ownerId)))
    .for("update");
  if (!job) return refuse("not_owner");
  if (await eitherBlocked(tx, p.ownerId, p.workerId)) return refuse("person_unavailable");
  if (!isActiveJob(job.status)) return refuse("job_not_hiring");
  // Nobody is taken on for days that are over (docs/decisions/048).
  if (job.ended) return refuse("job_ended");

  const jobDays = shiftDates(job.startDate, job.durationDays);
  const wanted = p.days ? jobDays.filter((d) => p.days?.includes(d)) : jobDays;
  if (wanted.length === 0) return refuse("not_pending");
  const staffing = await staffedDays(tx, p.jobId, jobDays);
  if (wanted.some((d) => (staffing.get(d) ?? 0) >= job.maxWorkers)) return refuse("positions_filled");

  const days = wanted.length === jobDays.length ? null : wanted;
  const [hired] = await tx
    .insert(jobApplications)
    .values({ jobId: p.jobId, workerId: p.workerId, status: "accepted", days, updatedAt: p.now })
    .onConflictDoUpdate({
      target: [jobApplications.jobId, jobApplications.workerId],
      // Hired on the job's terms as they are now: a move before it frees no withdrawal (docs/decisions/056).
      set: { status: "accepted", days, scheduleMovedAt: null, updatedAt: p.now },
      setWhere: inArray(jobApplications.status, [...p.from]),
    })
    .returning({ id: jobApplications.id, status: jobApplications.status, days: jobApplications.days });
  // The application is in a state it cannot be hired from (decided by a concurrent request).
  if (!hired) return refuse("not_pending");

  const counts = await recountAccepted(tx, p.jobId, p.now);
  const conversationId = await joinGroupChat(tx, p.jobId, [p.ownerId, p.workerId]);
  await holdsAfterHire(tx, p.queue, { jobId: p.jobId, applicationId: hired.id, now: p.now });
  return { applicationId: hired.id, days: hired.days, conversationId, ...counts };
}

/**
 * Accepted workers per day of the job: an application for every day (days null) counts on each, one for
 * some days on those. Read under the job's row lock by every hire and withdrawal.
 */
export async function staffedDays(tx: Queryable, jobId: string, jobDays: readonly string[]): Promise<Map<string, number>> {
  const rows = await tx
    .select({ days: jobApplications.days })
    .from(jobApplications)
    .where(and(eq(jobApplications.jobId, jobId), eq(jobApplications.status, "accepted")));
  const counts = new Map(jobDays.map((d) => [d, 0]));
  for (const row of rows) for (const d of row.days ?? jobDays) if (counts.has(d)) counts.set(d, (counts.get(d) ?? 0) + 1);
  return counts;
}

/**
 * Sets the job's accepted_count to the accepted workers of its least-staffed day (so it is below
 * max_workers exactly while some day has room), from the applications as they now stand.
 */
export async function recountAccepted(tx: Tx, jobId: string, now: Date) {
  const [job] = await tx
    .update(jobs)
    .set({
      acceptedCount: sql`(
        select coalesce(min(staffed), 0)::int from (
          select (select count(*) from ${jobApplications} a
                  where a.job_id = ${jobs.id} and a.status = 'accepted' and (a.days is null or d::date = any(a.days))) as staffed
          from generate_series(${jobs.startDate}::date, ${jobs.startDate}::date + (${jobs.durationDays} - 1), interval '1 day') as d
        ) per_day
      )`,
      updatedAt: now,
    })
    .where(eq(jobs.id, jobId))
    .returning({ acceptedCount: jobs.acceptedCount, maxWorkers: jobs.maxWorkers });
  if (!job) throw new Error(`job ${jobId} vanished under its row lock`);
  return job;
}

/** The states of a worker's own application from which accepting an invitation hires them. */
export const HIREABLE_BY_INVITATION: readonly ApplicationStatus[] = ["pending", "rejected", "withdrawn"];
