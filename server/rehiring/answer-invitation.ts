import { and, eq, sql } from "drizzle-orm";

import type { Database, Queryable } from "../../db/database.ts";
import { jobInvitations, jobs } from "../../db/schema/index.ts";
import { HIREABLE_BY_INVITATION, hireWorker, type HireRefusal } from "../applications/hire.ts";
import type { BackgroundQueue } from "../background-jobs.ts";
import { inTransaction } from "../refusal.ts";
import { invitationAnswered } from "./notices.ts";

type AnswerRefusal =
  | "invitation_not_found"
  | "invitation_not_pending"
  | "positions_filled"
  | "job_not_hiring"
  | "job_ended"
  | "already_hired"
  | "person_unavailable";
type Refuse = (reason: AnswerRefusal) => never;

export type AnswerParams = { invitationId: string; workerId: string; now: Date };

/** The caller's invitation with its job's owner; someone else's reads like a missing one. */
async function ownInvitation(db: Queryable, p: AnswerParams, refuse: Refuse) {
  const [row] = await db
    .select({
      id: jobInvitations.id,
      jobId: jobInvitations.jobId,
      status: jobInvitations.status,
      days: jobInvitations.days,
      ownerId: jobs.employerId,
      ended: sql<boolean>`${jobs.endsAt} <= ${p.now.toISOString()}::timestamptz`,
    })
    .from(jobInvitations)
    .innerJoin(jobs, eq(jobs.id, jobInvitations.jobId))
    // A job held for review reads as gone to all but its owner (docs/decisions/069).
    .where(and(eq(jobInvitations.id, p.invitationId), eq(jobInvitations.workerId, p.workerId), eq(jobs.moderation, "visible")));
  if (!row) return refuse("invitation_not_found");
  if (row.status !== "pending") return refuse("invitation_not_pending");
  return row;
}

/** Marks a pending invitation decided; none when a concurrent answer or cancel came first. */
async function decide(db: Queryable, id: string, status: "accepted" | "declined" | "cancelled", now: Date) {
  const [row] = await db
    .update(jobInvitations)
    .set({ status, decidedAt: now })
    .where(and(eq(jobInvitations.id, id), eq(jobInvitations.status, "pending")))
    .returning({
      id: jobInvitations.id,
      jobId: jobInvitations.jobId,
      workerId: jobInvitations.workerId,
      status: jobInvitations.status,
    });
  return row ?? null;
}

/**
 * The invited worker accepts, which hires them at once (hire.ts, docs/decisions/036). The invitation's row
 * lock makes exactly one of an accept and the owner's concurrent cancel find it pending.
 */
export async function acceptInvitation(db: Database, queue: BackgroundQueue, p: AnswerParams) {
  return inTransaction(db, async (tx, refuse: Refuse) => {
    const invitation = await ownInvitation(tx, p, refuse);
    // A job whose days are over takes nobody on (docs/decisions/048); the invitation stays pending.
    if (invitation.ended) return refuse("job_ended");
    const hireRefusal = (reason: HireRefusal): never =>
      refuse(reason === "not_owner" ? "invitation_not_found" : reason === "not_pending" ? "already_hired" : reason);
    const hired = await hireWorker(
      tx,
      {
        jobId: invitation.jobId,
        ownerId: invitation.ownerId,
        workerId: p.workerId,
        days: invitation.days,
        from: HIREABLE_BY_INVITATION,
        queue,
        now: p.now,
      },
      hireRefusal,
    );
    const accepted = await decide(tx, invitation.id, "accepted", p.now);
    if (!accepted) return refuse("invitation_not_pending");
    await invitationAnswered(tx, queue, {
      jobId: invitation.jobId,
      ownerId: invitation.ownerId,
      workerId: p.workerId,
      accepted: true,
    });
    return {
      id: invitation.id,
      status: "accepted" as const,
      jobId: invitation.jobId,
      applicationId: hired.applicationId,
      conversationId: hired.conversationId,
    };
  });
}

/** The invited worker declines; the owner is told. */
export async function declineInvitation(db: Database, queue: BackgroundQueue, p: AnswerParams) {
  return inTransaction(db, async (tx, refuse: Refuse) => {
    const invitation = await ownInvitation(tx, p, refuse);
    const declined = await decide(tx, invitation.id, "declined", p.now);
    if (!declined) return refuse("invitation_not_pending");
    await invitationAnswered(tx, queue, {
      jobId: invitation.jobId,
      ownerId: invitation.ownerId,
      workerId: p.workerId,
      accepted: false,
    });
    return { id: invitation.id, status: "declined" as const, jobId: invitation.jobId };
  });
}

/**
 * The job's owner cancels a pending invitation (the worker's notice stays, and the job page no longer
 * offers it). Not the owner's reads like a missing invitation; an answered one is refused.
 */
export async function cancelInvitation(db: Database, p: { invitationId: string; ownerId: string; now: Date }) {
  return inTransaction(db, async (tx, refuse: (reason: "invitation_not_found" | "invitation_not_pending") => never) => {
    const [own] = await tx
      .select({ id: jobInvitations.id })
      .from(jobInvitations)
      .innerJoin(jobs, eq(jobs.id, jobInvitations.jobId))
      .where(and(eq(jobInvitations.id, p.invitationId), eq(jobs.employerId, p.ownerId)));
    if (!own) return refuse("invitation_not_found");
    const cancelled = await decide(tx, own.id, "cancelled", p.now);
    if (!cancelled) return refuse("invitation_not_pending");
    return { id: own.id, status: "cancelled" as const };
  });
}
