import { and, eq, exists, type SQL } from "drizzle-orm";

import type { Queryable } from "../../db/database.ts";
import { cities, jobApplications, jobs, profiles, timesheets } from "../../db/schema/index.ts";
import { jobTimeZone } from "../../domain/jobs.ts";
import type { JobStatus } from "../../domain/statuses.ts";

/** What shifts need of a job: its days, where they are counted, and its pay. */
export type ShiftJob = {
  jobId: string;
  ownerId: string;
  title: string;
  status: JobStatus;
  startDate: string;
  /** Each day's shift start time (HH:MM or HH:MM:SS, local), null when the job states none. */
  startTime: string | null;
  durationDays: number;
  /** The IANA zone its days are counted in (docs/decisions/026). */
  timeZone: string;
  hourlyRate: number | null;
  currency: string;
};

const shiftJobColumns = {
  jobId: jobs.id,
  ownerId: jobs.employerId,
  title: jobs.title,
  status: jobs.status,
  startDate: jobs.startDate,
  startTime: jobs.startTime,
  durationDays: jobs.durationDays,
  hourlyRate: jobs.hourlyRate,
  currency: jobs.currency,
  cityZone: cities.timeZone,
  ownerZone: profiles.timeZone,
};

function toShiftJob<T extends { cityZone: string | null; ownerZone: string | null }>(row: T) {
  const { cityZone, ownerZone, ...rest } = row;
  return { ...rest, timeZone: jobTimeZone(cityZone, ownerZone) };
}

/** The job, when `ownerId` owns it; null for anyone else and for no such job. */
export async function ownedShiftJob(db: Queryable, jobId: string, ownerId: string): Promise<ShiftJob | null> {
  const [row] = await db
    .select(shiftJobColumns)
    .from(jobs)
    .innerJoin(profiles, eq(profiles.id, jobs.employerId))
    .leftJoin(cities, eq(cities.id, jobs.cityId))
    .where(and(eq(jobs.id, jobId), eq(jobs.employerId, ownerId)));
  return row ? toShiftJob(row) : null;
}

/**
 * A hired worker on a job: their accepted application, and the days they are hired for (null: every
 * day of the job; docs/decisions/035).
 */
export type Hire = ShiftJob & { applicationId: string; workerId: string; hiredDays: string[] | null };

/** True when `date` is one of the days `hire` is hired for. */
export function isHiredOn(hire: { hiredDays: readonly string[] | null }, date: string): boolean {
  return hire.hiredDays === null || hire.hiredDays.includes(date);
}

/** An accepted application with its job, where `where` holds. */
async function hireWhere(db: Queryable, where: SQL | undefined): Promise<Hire | null> {
  const [row] = await db
    .select({
      ...shiftJobColumns,
      applicationId: jobApplications.id,
      workerId: jobApplications.workerId,
      hiredDays: jobApplications.days,
    })
    .from(jobApplications)
    .innerJoin(jobs, eq(jobs.id, jobApplications.jobId))
    .innerJoin(profiles, eq(profiles.id, jobs.employerId))
    .leftJoin(cities, eq(cities.id, jobs.cityId))
    .where(and(where, eq(jobApplications.status, "accepted")));
  return row ? toShiftJob(row) : null;
}

/** The job with `workerId`'s accepted application to it; null for anyone not hired for it. */
export function hiredShiftJob(db: Queryable, jobId: string, workerId: string): Promise<Hire | null> {
  return hireWhere(db, and(eq(jobApplications.jobId, jobId), eq(jobApplications.workerId, workerId)));
}

/**
 * The job, for a worker who withdrew from it after some of their days had timesheets (docs/decisions/035):
 * those hours are still theirs to accept or dispute, so their notices open the job's timesheets
 * (docs/decisions/046). Null for anyone else.
 */
export async function formerHireShiftJob(db: Queryable, jobId: string, workerId: string): Promise<ShiftJob | null> {
  const [row] = await db
    .select(shiftJobColumns)
    .from(jobApplications)
    .innerJoin(jobs, eq(jobs.id, jobApplications.jobId))
    .innerJoin(profiles, eq(profiles.id, jobs.employerId))
    .leftJoin(cities, eq(cities.id, jobs.cityId))
    .where(
      and(
        eq(jobApplications.jobId, jobId),
        eq(jobApplications.workerId, workerId),
        eq(jobApplications.status, "withdrawn"),
        exists(db.select({ one: timesheets.id }).from(timesheets).where(eq(timesheets.applicationId, jobApplications.id))),
      ),
    );
  return row ? toShiftJob(row) : null;
}

/** An accepted application with its job, when `ownerId` owns the job; null otherwise. */
export function ownedHire(db: Queryable, applicationId: string, ownerId: string): Promise<Hire | null> {
  return hireWhere(db, and(eq(jobApplications.id, applicationId), eq(jobs.employerId, ownerId)));
}

/**
 * Inside a transaction, after `lockPeopleFirst`: the hire's application row FOR UPDATE, so each
 * worker's attendance and timesheet changes on a job happen one at a time. False when it is no longer
 * an accepted application (gone with an account meanwhile).
 */
export async function lockHire(tx: Queryable, applicationId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: jobApplications.id })
    .from(jobApplications)
    .where(and(eq(jobApplications.id, applicationId), eq(jobApplications.status, "accepted")))
    .for("update");
  return row !== undefined;
}
