import { and, asc, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";

import type { Database } from "../../db/database.ts";
import { lockPeopleFirst } from "../../db/lock-order.ts";
import { jobApplications, jobs, timesheets } from "../../db/schema/index.ts";
import { WORKER_ANSWER_STATUSES } from "../../domain/timesheets.ts";
import type { BackgroundQueue } from "../background-jobs.ts";
import { postAgreedPay } from "../money/agreed-pay.ts";
import { queueCompletionCheck } from "./complete-when-agreed.ts";
import { appendTimesheetEvents } from "./history.ts";
import { tellAutoApproved, type TimesheetParties } from "./notices.ts";

/** Timesheets settled per transaction; a pass repeats until none is due. */
const BATCH = 200;

type Due = TimesheetParties & { id: string; minutes: number };

const dueColumns = {
  id: timesheets.id,
  jobId: timesheets.jobId,
  jobTitle: jobs.title,
  ownerId: jobs.employerId,
  workerId: jobApplications.workerId,
  shiftDate: timesheets.shiftDate,
  minutes: timesheets.minutes,
};

/**
 * The scheduled pass that settles timesheets whose answer window passed (docs/decisions/032). Safe to run twice
 * at once: people are locked first and a conditional UPDATE re-checks status and deadline.
 */
export async function settleTimesheetDeadlines(db: Database, queue: BackgroundQueue, now: Date): Promise<number> {
  let settled = 0;
  for (;;) {
    const accepted = await settleBatch(db, queue, now, "worker");
    const approved = await settleBatch(db, queue, now, "employer");
    settled += accepted + approved;
    if (accepted < BATCH && approved < BATCH) return settled;
  }
}

async function settleBatch(db: Database, queue: BackgroundQueue, now: Date, side: "worker" | "employer"): Promise<number> {
  const due: Due[] = await db
    .select(dueColumns)
    .from(timesheets)
    .innerJoin(jobApplications, eq(jobApplications.id, timesheets.applicationId))
    .innerJoin(jobs, eq(jobs.id, timesheets.jobId))
    .where(
      side === "worker"
        ? and(inArray(timesheets.status, [...WORKER_ANSWER_STATUSES]), lte(timesheets.workerDeadline, now))
        : and(
            eq(timesheets.status, "pending_employer"),
            lte(timesheets.employerDeadline, now),
            isNotNull(timesheets.recordedMinutes),
          ),
    )
    .orderBy(asc(side === "worker" ? timesheets.workerDeadline : timesheets.employerDeadline))
    .limit(BATCH);
  if (due.length === 0) return 0;

  return db.transaction(async (tx) => {
    // People first (docs/decisions/015); someone deleted meanwhile took their timesheets along.
    await lockPeopleFirst(
      tx,
      due.flatMap((d) => [d.ownerId, d.workerId]),
    );
    const ids = due.map((d) => d.id);
    const rows =
      side === "worker"
        ? await tx
            .update(timesheets)
            .set({ status: "accepted", workerDeadline: null, updatedAt: now })
            .where(
              and(
                inArray(timesheets.id, ids),
                inArray(timesheets.status, [...WORKER_ANSWER_STATUSES]),
                lte(timesheets.workerDeadline, now),
              ),
            )
            .returning({ id: timesheets.id, minutes: timesheets.minutes })
        : await tx
            .update(timesheets)
            .set({ status: "auto_approved", minutes: sql`${timesheets.recordedMinutes}`, employerDeadline: null, updatedAt: now })
            .where(
              and(
                inArray(timesheets.id, ids),
                eq(timesheets.status, "pending_employer"),
                lte(timesheets.employerDeadline, now),
                isNotNull(timesheets.recordedMinutes),
              ),
            )
            .returning({ id: timesheets.id, minutes: timesheets.minutes });
    const before = new Map(due.map((d) => [d.id, d]));
    await appendTimesheetEvents(
      tx,
      rows.map((row) => ({
        timesheetId: row.id,
        actor: "system" as const,
        action: side === "worker" ? ("auto_accepted" as const) : ("auto_approved" as const),
        // The minutes the pass read: nobody changed them since, or the status would not have held.
        oldMinutes: before.get(row.id)?.minutes ?? null,
        newMinutes: row.minutes,
        reason: null,
        at: now,
      })),
    );
    if (side === "employer") {
      for (const row of rows) {
        const parties = before.get(row.id);
        if (parties) await tellAutoApproved(tx, queue, parties);
      }
    }
    // Agreed now, either way: their pay goes to the ledger in the same transaction.
    await postAgreedPay(
      tx,
      rows.map((row) => row.id),
    );
    await queueCompletionCheck(
      tx,
      queue,
      rows.flatMap((row) => before.get(row.id)?.jobId ?? []),
    );
    return rows.length;
  });
}
