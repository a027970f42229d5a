import { and, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";

import type { Database, Queryable, Tx } from "../../db/database.ts";
import { lockPeopleFirst } from "../../db/lock-order.ts";
import { jobApplications, jobInvitations, jobs, profiles } from "../../db/schema/index.ts";
import { INVITE_JOBS_LIST, REHIRING_LIMITS } from "../../domain/rehiring.ts";
import { ACTIVE_JOB_STATUSES } from "../../domain/statuses.ts";
import type { BackgroundQueue } from "../background-jobs.ts";
import { eitherBlocked } from "../blocks/between.ts";
import { inTransaction } from "../refusal.ts";
import { invitationSent } from "./notices.ts";

export type InviteRefusal =
  | "job_not_found"
  | "not_found"
  | "invite_not_worker"
  | "job_not_hiring"
  | "job_ended"
  | "already_hired"
  | "invitation_declined_before"
  | "invitation_limit"
  | "person_unavailable";

export type InviteParams = { jobId: string; ownerId: string; workerId: string; now: Date };

/**
 * The owner invites a named worker to an active job (docs/decisions/036), in the caller's transaction so "post
 * again" invites with the job it creates. A block answers that the person is not available
 * (docs/decisions/068).
 */
export async function inviteInTx(tx: Tx, queue: BackgroundQueue, p: InviteParams, refuse: (reason: InviteRefusal) => never) {
  if (!(await lockPeopleFirst(tx, [p.ownerId, p.workerId]))) return refuse("not_found");
  // The job's row lock serialises invitations of a job against each other and against hiring.
  const [job] = await tx
    .select({
      status: jobs.status,
      moderation: jobs.moderation,
      ended: sql<boolean>`${jobs.endsAt} <= ${p.now.toISOString()}::timestamptz`,
    })
    .from(jobs)
    .where(and(eq(jobs.id, p.jobId), eq(jobs.employerId, p.ownerId)))
    .for("update");
  if (!job) return refuse("job_not_found");
  // A job held for review invites nobody until an operator shows it (docs/decisions/069).
  if (!(ACTIVE_JOB_STATUSES as readonly string[]).includes(job.status) || job.moderation !== "visible")
    return refuse("job_not_hiring");
  if (job.ended) return refuse("job_ended");
  const [worker] = await tx
    .select({ userType: profiles.userType })
    .from(profiles)
    .where(and(eq(profiles.id, p.workerId), isNull(profiles.deletedAt)));
  // A deleted account's stand-in (docs/decisions/050) is nobody to invite: as if it did not exist.
  if (!worker) return refuse("not_found");
  if (worker.userType !== "worker" || p.workerId === p.ownerId) return refuse("invite_not_worker");
  if (await eitherBlocked(tx, p.ownerId, p.workerId)) return refuse("person_unavailable");
  const [hired] = await tx
    .select({ id: jobApplications.id })
    .from(jobApplications)
    .where(
      and(eq(jobApplications.jobId, p.jobId), eq(jobApplications.workerId, p.workerId), eq(jobApplications.status, "accepted")),
    );
  if (hired) return refuse("already_hired");

  const [existing] = await tx
    .select({ id: jobInvitations.id, status: jobInvitations.status, createdAt: jobInvitations.createdAt })
    .from(jobInvitations)
    .where(and(eq(jobInvitations.jobId, p.jobId), eq(jobInvitations.workerId, p.workerId)));
  if (existing?.status === "pending") return { id: existing.id, status: "pending" as const, sent: false };
  if (existing?.status === "declined") return refuse("invitation_declined_before");

  const [waiting] = await tx
    .select({ n: count() })
    .from(jobInvitations)
    .where(and(eq(jobInvitations.jobId, p.jobId), eq(jobInvitations.status, "pending")));
  if ((waiting?.n ?? 0) >= REHIRING_LIMITS.pendingInvitationsPerJob) return refuse("invitation_limit");

  // New, or sent again after the owner cancelled it (or after a hire that ended in a withdrawal).
  const [row] = await tx
    .insert(jobInvitations)
    .values({ jobId: p.jobId, workerId: p.workerId, status: "pending", createdAt: p.now })
    .onConflictDoUpdate({
      target: [jobInvitations.jobId, jobInvitations.workerId],
      set: { status: "pending", createdAt: p.now, decidedAt: null, days: null },
    })
    .returning({ id: jobInvitations.id });
  if (!row) throw new Error("invitation upsert returned nothing");
  await invitationSent(tx, queue, { jobId: p.jobId, ownerId: p.ownerId, workerId: p.workerId });
  return { id: row.id, status: "pending" as const, sent: true };
}

/** `inviteInTx` as one business action. */
export function inviteWorker(db: Database, queue: BackgroundQueue, p: InviteParams) {
  return inTransaction(db, (tx, refuse: (reason: InviteRefusal) => never) => inviteInTx(tx, queue, p, refuse));
}

/**
 * The invite dialog's list: the caller's active jobs, newest first (INVITE_JOBS_LIST), each with the
 * worker's standing on it (hired, invited and how it stands), so the dialog offers only those that can
 * take an invitation.
 */
export async function inviteJobs(db: Queryable, p: { ownerId: string; workerId: string }) {
  return db
    .select({
      id: jobs.id,
      title: jobs.title,
      status: jobs.status,
      startDate: jobs.startDate,
      durationDays: jobs.durationDays,
      acceptedCount: jobs.acceptedCount,
      maxWorkers: jobs.maxWorkers,
      hired: sql<boolean>`exists (select 1 from ${jobApplications} a where a.job_id = "jobs"."id" and a.worker_id = ${p.workerId} and a.status = 'accepted')`,
      invitation: sql<
        string | null
      >`(select i.status::text from ${jobInvitations} i where i.job_id = "jobs"."id" and i.worker_id = ${p.workerId})`,
    })
    .from(jobs)
    .where(and(eq(jobs.employerId, p.ownerId), inArray(jobs.status, [...ACTIVE_JOB_STATUSES])))
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(INVITE_JOBS_LIST);
}
