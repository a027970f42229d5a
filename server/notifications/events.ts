import { and, eq } from "drizzle-orm";

import type { Queryable } from "../../db/database.ts";
import { jobApplications, jobs, profiles } from "../../db/schema/index.ts";
import type { NotificationPayload } from "../../domain/notifications.ts";
import type { JobStatus } from "../../domain/statuses.ts";
import type { BackgroundQueue } from "../background-jobs.ts";
import { notifyPeople } from "./notify.ts";

/**
 * What happened, told to the people it concerns. Each runs inside the transaction of the change, so the
 * notices exist exactly when the change does (docs/decisions/016).
 */

async function jobOf(tx: Queryable, jobId: string) {
  const [job] = await tx.select({ title: jobs.title, ownerId: jobs.employerId }).from(jobs).where(eq(jobs.id, jobId)).limit(1);
  return job ?? null;
}

async function nameOf(tx: Queryable, userId: string): Promise<string> {
  const [person] = await tx.select({ name: profiles.fullName }).from(profiles).where(eq(profiles.id, userId)).limit(1);
  return person?.name ?? "";
}

/**
 * The cause an owner hears of a worker's application by: applied, withdrew while pending, applied again
 * are one notice showing the latest, sent again only after a quiet while (docs/decisions/055).
 */
function applicationCause(jobId: string, workerId: string) {
  return { dedupeKey: `application:${jobId}:${workerId}`, onRepeat: "refresh" as const };
}

/** To the owner: someone applied. */
export async function applicationReceived(tx: Queryable, queue: BackgroundQueue, params: { jobId: string; applicantId: string }) {
  const job = await jobOf(tx, params.jobId);
  if (!job) return;
  const applicantName = await nameOf(tx, params.applicantId);
  await notifyPeople(
    tx,
    queue,
    [job.ownerId],
    { kind: "application_received", jobId: params.jobId, jobTitle: job.title, applicantName },
    { actorId: params.applicantId, ...applicationCause(params.jobId, params.applicantId) },
  );
}

/**
 * What a hired worker is told: the job with its start time and rate, who hired them, and the days they
 * are hired for (every day of the job unless their application names some: docs/decisions/046).
 */
async function hiredNotice(tx: Queryable, jobId: string, workerId: string) {
  const [row] = await tx
    .select({
      title: jobs.title,
      ownerId: jobs.employerId,
      startDate: jobs.startDate,
      startTime: jobs.startTime,
      hourlyRate: jobs.hourlyRate,
      currency: jobs.currency,
      employerName: profiles.fullName,
      days: jobApplications.days,
    })
    .from(jobs)
    .innerJoin(profiles, eq(profiles.id, jobs.employerId))
    .leftJoin(jobApplications, and(eq(jobApplications.jobId, jobs.id), eq(jobApplications.workerId, workerId)))
    .where(eq(jobs.id, jobId))
    .limit(1);
  if (!row) return null;
  const days = row.days && row.days.length > 0 ? [...row.days].sort() : null;
  return {
    ownerId: row.ownerId,
    payload: {
      kind: "application_accepted" as const,
      jobId,
      jobTitle: row.title,
      startDate: days?.[0] ?? row.startDate,
      ...(days ? { days } : {}),
      employerName: row.employerName,
      startTime: row.startTime?.slice(0, 5) ?? null,
      hourlyRate: row.hourlyRate,
      currency: row.currency,
    },
  };
}

/** To the worker: hired, or not (a rejection once it can no longer be undone: rejection-notice.ts). */
export async function applicationDecided(
  tx: Queryable,
  queue: BackgroundQueue,
  params: { jobId: string; workerId: string; accepted: boolean; dedupeKey?: string },
) {
  if (params.accepted) {
    const hired = await hiredNotice(tx, params.jobId, params.workerId);
    if (!hired) return;
    await notifyPeople(tx, queue, [params.workerId], hired.payload, { actorId: hired.ownerId, dedupeKey: params.dedupeKey });
    return;
  }
  const job = await jobOf(tx, params.jobId);
  if (!job) return;
  const payload = { kind: "application_rejected" as const, jobId: params.jobId, jobTitle: job.title };
  await notifyPeople(tx, queue, [params.workerId], payload, { actorId: job.ownerId, dedupeKey: params.dedupeKey });
}

/**
 * To the owner: a worker withdrew their application (`hired`: they were hired and left the job, told
 * on its own; a pending one updates the notice of their application).
 */
export async function applicationWithdrawn(
  tx: Queryable,
  queue: BackgroundQueue,
  params: { jobId: string; workerId: string; hired: boolean },
) {
  const job = await jobOf(tx, params.jobId);
  if (!job) return;
  const workerName = await nameOf(tx, params.workerId);
  await notifyPeople(
    tx,
    queue,
    [job.ownerId],
    { kind: "application_withdrawn", jobId: params.jobId, jobTitle: job.title, workerName, hired: params.hired },
    params.hired
      ? { actorId: params.workerId }
      : { actorId: params.workerId, ...applicationCause(params.jobId, params.workerId) },
  );
}

const STATUS_KINDS = { in_progress: "job_started", completed: "job_completed", cancelled: "job_cancelled" } as const;

/** To the accepted workers: the owner started, completed or cancelled the job. */
export async function jobStatusChanged(tx: Queryable, queue: BackgroundQueue, params: { jobId: string; status: JobStatus }) {
  if (params.status === "open") return;
  const job = await jobOf(tx, params.jobId);
  if (!job) return;
  const workers = await tx
    .select({ id: jobApplications.workerId })
    .from(jobApplications)
    .where(and(eq(jobApplications.jobId, params.jobId), eq(jobApplications.status, "accepted")));
  await notifyPeople(
    tx,
    queue,
    workers.map((w) => w.id),
    { kind: STATUS_KINDS[params.status], jobId: params.jobId, jobTitle: job.title },
    { actorId: job.ownerId },
  );
}

/**
 * To the hired workers: the owner moved the job's days or start time (docs/decisions/056). The notice
 * says the new start and rate, and that they may withdraw without a strike.
 */
export async function jobScheduleChanged(
  tx: Queryable,
  queue: BackgroundQueue,
  params: { jobId: string; ownerId: string; workerIds: string[] },
) {
  const [job] = await tx
    .select({
      title: jobs.title,
      startDate: jobs.startDate,
      startTime: jobs.startTime,
      durationDays: jobs.durationDays,
      hourlyRate: jobs.hourlyRate,
      currency: jobs.currency,
    })
    .from(jobs)
    .where(eq(jobs.id, params.jobId));
  if (!job) return;
  await notifyPeople(
    tx,
    queue,
    params.workerIds,
    {
      kind: "job_schedule_changed",
      jobId: params.jobId,
      jobTitle: job.title,
      startDate: job.startDate,
      durationDays: job.durationDays,
      startTime: job.startTime?.slice(0, 5) ?? null,
      hourlyRate: job.hourlyRate,
      currency: job.currency,
    },
    { actorId: params.ownerId },
  );
}

/** To the person rated; the reviewer's name only when their profile is visible (as on the profile page). */
export async function reviewReceived(
  tx: Queryable,
  queue: BackgroundQueue,
  params: { jobId: string; fromUserId: string; toUserId: string; rating: number },
) {
  const job = await jobOf(tx, params.jobId);
  if (!job) return;
  const [reviewer] = await tx
    .select({ name: profiles.fullName, visible: profiles.privacyProfileVisible })
    .from(profiles)
    .where(eq(profiles.id, params.fromUserId))
    .limit(1);
  await notifyPeople(
    tx,
    queue,
    [params.toUserId],
    {
      kind: "review_received",
      jobId: params.jobId,
      jobTitle: job.title,
      reviewerName: reviewer?.visible ? reviewer.name : null,
      rating: params.rating,
    },
    { actorId: params.fromUserId },
  );
}

/**
 * A step on a directly paid day, told to the other side (docs/product.md, Shift operations): marked paid to the
 * worker, confirmed to the employer; once per step (the ledger's key).
 */
export async function directPayNotice(
  tx: Queryable,
  queue: BackgroundQueue,
  params: {
    to: string;
    actorId: string;
    dedupeKey: string;
    payload: Extract<NotificationPayload, { kind: "direct_payment_marked" | "direct_payment_confirmed" }>;
  },
) {
  await notifyPeople(tx, queue, [params.to], params.payload, {
    actorId: params.actorId,
    dedupeKey: params.dedupeKey,
    onRepeat: "skip",
  });
}

/**
 * To a hired worker: the employer cancelled their shift less than a day before it and owes them
 * compensation (docs/decisions/078); one notice per application and day (the ledger's key).
 */
export async function compensationOwedNotice(
  tx: Queryable,
  queue: BackgroundQueue,
  params: {
    ownerId: string;
    workerId: string;
    dedupeKey: string;
    payload: Omit<Extract<NotificationPayload, { kind: "cancellation_compensation" }>, "kind">;
  },
) {
  await notifyPeople(
    tx,
    queue,
    [params.workerId],
    { kind: "cancellation_compensation", ...params.payload },
    { actorId: params.ownerId, dedupeKey: params.dedupeKey, onRepeat: "skip" },
  );
}

/**
 * To the worker: their payout was paid (with the tax receipt, if self-employed) or failed (with why);
 * once per payout and outcome (the ledger's key), whoever settles it first (webhook, poll or answer).
 */
export async function payoutNotice(
  tx: Queryable,
  queue: BackgroundQueue,
  params: { to: string; dedupeKey: string; payload: Extract<NotificationPayload, { kind: "payout_paid" | "payout_failed" }> },
) {
  await notifyPeople(tx, queue, [params.to], params.payload, { actorId: null, dedupeKey: params.dedupeKey, onRepeat: "skip" });
}

/** To a hired worker, once per job: their whole planned pay is held on the employer's card (docs/decisions/079). */
export async function paySecuredNotice(
  tx: Queryable,
  queue: BackgroundQueue,
  params: { workerId: string; jobId: string; jobTitle: string },
) {
  await notifyPeople(
    tx,
    queue,
    [params.workerId],
    { kind: "pay_secured", jobId: params.jobId, jobTitle: params.jobTitle },
    { actorId: null, dedupeKey: `pay-secured:${params.jobId}`, onRepeat: "skip" },
  );
}

/** To a job's owner about one of its holds (asked, failed) or its end (a shortfall); once per `dedupeKey`. */
export async function holdNotice(
  tx: Queryable,
  queue: BackgroundQueue,
  params: {
    ownerId: string;
    dedupeKey: string;
    payload: Extract<NotificationPayload, { kind: "payment_hold_requested" | "payment_hold_failed" | "payment_shortfall" }>;
  },
) {
  await notifyPeople(tx, queue, [params.ownerId], params.payload, {
    actorId: null,
    dedupeKey: params.dedupeKey,
    onRepeat: "skip",
  });
}
