import { eq } from "drizzle-orm";

import type { Queryable } from "../../db/database.ts";
import { profiles } from "../../db/schema/index.ts";
import type { BackgroundQueue } from "../background-jobs.ts";
import { notifyPeople } from "../notifications/notify.ts";

/** Whom a timesheet notice is about: the job, its owner, the hired worker and the shift day. */
export type TimesheetParties = { jobId: string; jobTitle: string; ownerId: string; workerId: string; shiftDate: string };

type WorkerKind = "timesheet_approved" | "timesheet_edited" | "timesheet_resolved";

async function workerName(tx: Queryable, workerId: string): Promise<string> {
  const [row] = await tx.select({ name: profiles.fullName }).from(profiles).where(eq(profiles.id, workerId)).limit(1);
  return row?.name ?? "";
}

/**
 * To the owner, inside the check-out's transaction: a day's hours wait for approval. One notice per job
 * and day (the first check-out writes it), not one per worker.
 */
export async function tellTimesheetReady(tx: Queryable, queue: BackgroundQueue, p: TimesheetParties): Promise<void> {
  await notifyPeople(
    tx,
    queue,
    [p.ownerId],
    { kind: "timesheet_ready", jobId: p.jobId, jobTitle: p.jobTitle, shiftDate: p.shiftDate },
    // The worker who checked out is the actor: the notice goes with their account.
    { actorId: p.workerId, dedupeKey: `timesheet-ready:${p.jobId}:${p.shiftDate}` },
  );
}

/** To the worker: the owner approved, changed or settled their hours. */
export async function tellWorker(tx: Queryable, queue: BackgroundQueue, kind: WorkerKind, p: TimesheetParties): Promise<void> {
  await notifyPeople(
    tx,
    queue,
    [p.workerId],
    { kind, jobId: p.jobId, jobTitle: p.jobTitle, shiftDate: p.shiftDate },
    { actorId: p.ownerId },
  );
}

/** To the owner: the worker disputes the hours. */
export async function tellDispute(tx: Queryable, queue: BackgroundQueue, p: TimesheetParties): Promise<void> {
  const payload = {
    kind: "timesheet_disputed" as const,
    jobId: p.jobId,
    jobTitle: p.jobTitle,
    shiftDate: p.shiftDate,
    workerName: await workerName(tx, p.workerId),
  };
  await notifyPeople(tx, queue, [p.ownerId], payload, { actorId: p.workerId });
}

/**
 * To both: the owner's deadline passed and the recorded hours were approved. Each notice's actor is the
 * other side, so it goes when they delete their account (the owner's names the worker).
 */
export async function tellAutoApproved(tx: Queryable, queue: BackgroundQueue, p: TimesheetParties): Promise<void> {
  const payload = {
    kind: "timesheet_auto_approved" as const,
    jobId: p.jobId,
    jobTitle: p.jobTitle,
    shiftDate: p.shiftDate,
    workerName: await workerName(tx, p.workerId),
  };
  await notifyPeople(tx, queue, [p.ownerId], payload, { actorId: p.workerId });
  await notifyPeople(tx, queue, [p.workerId], payload, { actorId: p.ownerId });
}
