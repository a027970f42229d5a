import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";

import type { Queryable } from "../../db/database.ts";
import { jobApplications, jobInvitations, jobs, profiles } from "../../db/schema/index.ts";
import type { LanguageCode } from "../../domain/languages.ts";
import { JOB_INVITATIONS_LIST, MY_INVITATIONS_LIST } from "../../domain/rehiring.ts";
import { ACTIVE_JOB_STATUSES } from "../../domain/statuses.ts";
import { cityNameOf } from "../places/city-name.ts";

/** The invitation's worker is hired on its job already (correlated with the outer job_invitations row). */
const hiredAlready = sql<boolean>`exists (select 1 from ${jobApplications} a
  where a.job_id = "job_invitations"."job_id" and a.worker_id = "job_invitations"."worker_id" and a.status = 'accepted')`;

/** The name an invitation shows for its employer: the company's, else the person's (as the notices). */
const employerName = sql<string>`coalesce(nullif(${profiles.companyName}, ''), ${profiles.fullName})`;

/**
 * A worker's invitations that can still be answered: pending, to jobs that are still active, where they
 * are not hired already; newest first (MY_INVITATIONS_LIST), with what the card shows.
 */
export async function myInvitations(db: Queryable, p: { workerId: string; language: LanguageCode }) {
  return db
    .select({
      id: jobInvitations.id,
      createdAt: jobInvitations.createdAt,
      jobId: jobs.id,
      title: jobs.title,
      startDate: jobs.startDate,
      durationDays: jobs.durationDays,
      hourlyRate: jobs.hourlyRate,
      currency: jobs.currency,
      cityName: cityNameOf(jobs.cityId, p.language),
      employerName,
    })
    .from(jobInvitations)
    .innerJoin(jobs, eq(jobs.id, jobInvitations.jobId))
    .innerJoin(profiles, eq(profiles.id, jobs.employerId))
    .where(
      and(
        eq(jobInvitations.workerId, p.workerId),
        eq(jobInvitations.status, "pending"),
        inArray(jobs.status, [...ACTIVE_JOB_STATUSES]),
        // A job held for review is not shown to anyone but its owner (docs/decisions/069).
        eq(jobs.moderation, "visible"),
        sql`not ${hiredAlready}`,
      ),
    )
    .orderBy(desc(jobInvitations.createdAt), desc(jobInvitations.id))
    .limit(MY_INVITATIONS_LIST);
}

/** The caller's pending invitation to one job, for the job page's "You're invited" card; null if none. */
export async function invitationForJob(db: Queryable, p: { jobId: string; workerId: string }) {
  const [row] = await db
    .select({ id: jobInvitations.id, createdAt: jobInvitations.createdAt, employerName })
    .from(jobInvitations)
    .innerJoin(jobs, eq(jobs.id, jobInvitations.jobId))
    .innerJoin(profiles, eq(profiles.id, jobs.employerId))
    .where(
      and(
        eq(jobInvitations.jobId, p.jobId),
        eq(jobInvitations.workerId, p.workerId),
        eq(jobInvitations.status, "pending"),
        inArray(jobs.status, [...ACTIVE_JOB_STATUSES]),
        // A job held for review is not shown to anyone but its owner (docs/decisions/069).
        eq(jobs.moderation, "visible"),
        sql`not ${hiredAlready}`,
      ),
    );
  return row ?? null;
}

/**
 * A job's invitations for its owner (the applications page), newest first (JOB_INVITATIONS_LIST), each
 * with the worker's name; plus the workers hired on the job, whom the owner may mark as favourites and
 * invite again. Null when the job is not the caller's.
 */
export async function jobRehiring(db: Queryable, p: { jobId: string; ownerId: string }) {
  const [job] = await db
    .select({ id: jobs.id, status: jobs.status })
    .from(jobs)
    .where(and(eq(jobs.id, p.jobId), eq(jobs.employerId, p.ownerId)));
  if (!job) return null;
  const invitations = await db
    .select({
      id: jobInvitations.id,
      workerId: jobInvitations.workerId,
      workerName: profiles.fullName,
      status: jobInvitations.status,
      createdAt: jobInvitations.createdAt,
      decidedAt: jobInvitations.decidedAt,
    })
    .from(jobInvitations)
    .innerJoin(profiles, eq(profiles.id, jobInvitations.workerId))
    .where(eq(jobInvitations.jobId, p.jobId))
    .orderBy(desc(jobInvitations.createdAt), desc(jobInvitations.id))
    .limit(JOB_INVITATIONS_LIST);
  const hired = await db
    .select({
      workerId: jobApplications.workerId,
      fullName: profiles.fullName,
      favourite: sql<boolean>`exists (select 1 from favourite_workers v where v.employer_id = ${p.ownerId} and v.worker_id = "job_applications"."worker_id")`,
    })
    .from(jobApplications)
    .innerJoin(profiles, eq(profiles.id, jobApplications.workerId))
    // A deleted account's stand-in (docs/decisions/050) cannot be invited or kept as a favourite.
    .where(and(eq(jobApplications.jobId, p.jobId), eq(jobApplications.status, "accepted"), isNull(profiles.deletedAt)))
    .orderBy(profiles.fullName);
  return { status: job.status, invitations, hired };
}
