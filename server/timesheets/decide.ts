import { and, eq, inArray } from "drizzle-orm";

import type { Database, Tx } from "../../db/database.ts";
import { lockPeopleFirst } from "../../db/lock-order.ts";
import { jobApplications, jobs, timesheets, type Timesheet } from "../../db/schema/index.ts";
import { ownerMayChangeAt, WORKER_ANSWER_STATUSES, workerAnswerDeadline, type TimesheetStatus } from "../../domain/timesheets.ts";
import { timesheetView } from "../attendance/views.ts";
import type { BackgroundQueue } from "../background-jobs.ts";
import { postAgreedPay } from "../money/agreed-pay.ts";
import { inTransaction, refusal } from "../refusal.ts";
import { queueCompletionCheck } from "./complete-when-agreed.ts";
import { appendTimesheetEvents } from "./history.ts";
import { tellDispute, tellWorker, type TimesheetParties } from "./notices.ts";

type DecisionRefusal = "timesheet_not_found" | "timesheet_state" | "timesheet_deadline_passed";
type Refuse = (reason: DecisionRefusal) => never;

/** Which side acts: the owner of the timesheet's job, or the worker it is about. */
type Side = { owner: string } | { worker: string };

const partiesColumns = {
  timesheetId: timesheets.id,
  jobId: timesheets.jobId,
  jobTitle: jobs.title,
  ownerId: jobs.employerId,
  workerId: jobApplications.workerId,
  shiftDate: timesheets.shiftDate,
};

/** The timesheets among `ids` that `side` may act on, with whom they concern (the row rule is in the WHERE). */
async function partiesOf(
  db: Database,
  ids: readonly string[],
  side: Side,
): Promise<(TimesheetParties & { timesheetId: string })[]> {
  const rows = await db
    .select(partiesColumns)
    .from(timesheets)
    .innerJoin(jobApplications, eq(jobApplications.id, timesheets.applicationId))
    .innerJoin(jobs, eq(jobs.id, timesheets.jobId))
    .where(
      and(
        inArray(timesheets.id, [...ids]),
        "owner" in side ? eq(jobs.employerId, side.owner) : eq(jobApplications.workerId, side.worker),
      ),
    );
  return rows;
}

/**
 * One decision on one timesheet, in one transaction: the people first, then the timesheet's row FOR
 * UPDATE, so the other side, the deadline pass and a second tab wait and then judge what this left.
 */
async function decide<T>(
  db: Database,
  timesheetId: string,
  side: Side,
  act: (tx: Tx, sheet: Timesheet, parties: TimesheetParties, refuse: Refuse) => Promise<T>,
) {
  const [parties] = await partiesOf(db, [timesheetId], side);
  if (!parties) return refusal("timesheet_not_found");
  return inTransaction(db, async (tx, refuse: Refuse) => {
    if (!(await lockPeopleFirst(tx, [parties.ownerId, parties.workerId]))) return refuse("timesheet_not_found");
    const [sheet] = await tx.select().from(timesheets).where(eq(timesheets.id, timesheetId)).for("update");
    if (!sheet) return refuse("timesheet_not_found");
    return act(tx, sheet, parties, refuse);
  });
}

const inStatuses = (status: TimesheetStatus, list: readonly TimesheetStatus[]) => list.includes(status);

/** Refuses an owner's edit once the worker answered (or let their window pass) or the approval deadline passed. */
function ownerMayChange(sheet: Timesheet, now: Date, refuse: Refuse): void {
  const verdict = ownerMayChangeAt(sheet, now);
  if (verdict === "state") refuse("timesheet_state");
  if (verdict === "deadline") refuse("timesheet_deadline_passed");
}

/** Refuses the worker's answer unless the owner approved or edited and the answer window is open. */
function workerMayAnswer(sheet: Timesheet, now: Date, refuse: Refuse): void {
  if (!inStatuses(sheet.status, WORKER_ANSWER_STATUSES)) refuse("timesheet_state");
  if (sheet.workerDeadline && sheet.workerDeadline <= now) refuse("timesheet_deadline_passed");
}

/**
 * The owner approves timesheets of their jobs as recorded (one, or a day's at once). Any id that is not
 * theirs refuses the whole call as "not found"; those already decided, or past their approval deadline,
 * are skipped and named. Each approved worker is told, and has WORKER_ANSWER_HOURS to answer. Refused
 * when none could be approved.
 */
export async function approveTimesheets(
  db: Database,
  queue: BackgroundQueue,
  params: { ownerId: string; timesheetIds: readonly string[]; now: Date },
) {
  const ids = [...new Set(params.timesheetIds)];
  const parties = await partiesOf(db, ids, { owner: params.ownerId });
  if (parties.length !== ids.length) return refusal("timesheet_not_found");
  return inTransaction(db, async (tx, refuse: Refuse) => {
    const people = [params.ownerId, ...parties.map((p) => p.workerId)];
    if (!(await lockPeopleFirst(tx, people))) return refuse("timesheet_not_found");
    const locked = await tx.select().from(timesheets).where(inArray(timesheets.id, ids)).orderBy(timesheets.id).for("update");
    const due = locked.filter(
      (s) => s.status === "pending_employer" && !(s.employerDeadline && s.employerDeadline <= params.now),
    );
    if (due.length === 0) {
      const late = locked.some((s) => s.status === "pending_employer");
      return refuse(late ? "timesheet_deadline_passed" : "timesheet_state");
    }
    const approved = await tx
      .update(timesheets)
      .set({
        status: "approved",
        employerDeadline: null,
        workerDeadline: workerAnswerDeadline(params.now),
        updatedAt: params.now,
      })
      .where(
        and(
          inArray(
            timesheets.id,
            due.map((s) => s.id),
          ),
          eq(timesheets.status, "pending_employer"),
        ),
      )
      .returning();
    await appendTimesheetEvents(
      tx,
      approved.map((s) => ({
        timesheetId: s.id,
        actor: "owner" as const,
        action: "approved" as const,
        oldMinutes: s.minutes,
        newMinutes: s.minutes,
        reason: null,
        at: params.now,
      })),
    );
    for (const sheet of approved) {
      const p = parties.find((x) => x.timesheetId === sheet.id);
      if (p) await tellWorker(tx, queue, "timesheet_approved", p);
    }
    const approvedIds = new Set(approved.map((s) => s.id));
    return { approved: approved.map(timesheetView), skippedIds: ids.filter((id) => !approvedIds.has(id)) };
  });
}

/**
 * The owner changes the minutes with a reason, before the worker answered (and, while it waits for
 * them, before the approval deadline). The worker is told and gets a fresh WORKER_ANSWER_HOURS.
 */
export async function editTimesheet(
  db: Database,
  queue: BackgroundQueue,
  params: { ownerId: string; timesheetId: string; minutes: number; reason: string; now: Date },
) {
  return decide(db, params.timesheetId, { owner: params.ownerId }, async (tx, sheet, parties, refuse) => {
    ownerMayChange(sheet, params.now, refuse);
    const [edited] = await tx
      .update(timesheets)
      .set({
        status: "edited",
        minutes: params.minutes,
        employerDeadline: null,
        workerDeadline: workerAnswerDeadline(params.now),
        updatedAt: params.now,
      })
      .where(eq(timesheets.id, sheet.id))
      .returning();
    if (!edited) return refuse("timesheet_not_found");
    await appendTimesheetEvents(tx, [
      {
        timesheetId: sheet.id,
        actor: "owner",
        action: "edited",
        oldMinutes: sheet.minutes,
        newMinutes: params.minutes,
        reason: params.reason,
        at: params.now,
      },
    ]);
    await tellWorker(tx, queue, "timesheet_edited", parties);
    return timesheetView(edited);
  });
}

/** The worker accepts the owner's approval or edit, within their answer window: agreed, final; its pay is posted. */
export async function acceptTimesheet(
  db: Database,
  queue: BackgroundQueue,
  params: { workerId: string; timesheetId: string; now: Date },
) {
  return decide(db, params.timesheetId, { worker: params.workerId }, async (tx, sheet, _parties, refuse) => {
    workerMayAnswer(sheet, params.now, refuse);
    const [accepted] = await tx
      .update(timesheets)
      .set({ status: "accepted", workerDeadline: null, updatedAt: params.now })
      .where(eq(timesheets.id, sheet.id))
      .returning();
    if (!accepted) return refuse("timesheet_not_found");
    await appendTimesheetEvents(tx, [
      {
        timesheetId: sheet.id,
        actor: "worker",
        action: "accepted",
        oldMinutes: sheet.minutes,
        newMinutes: sheet.minutes,
        reason: null,
        at: params.now,
      },
    ]);
    await postAgreedPay(tx, [accepted.id]);
    await queueCompletionCheck(tx, queue, [accepted.jobId]);
    return timesheetView(accepted);
  });
}

/**
 * The worker disputes within their answer window, with a reason and, if they like, the minutes they
 * claim (kept in the history). The owner is told; the timesheet waits for the owner's resolution.
 */
export async function disputeTimesheet(
  db: Database,
  queue: BackgroundQueue,
  params: { workerId: string; timesheetId: string; reason: string; minutes: number | null; now: Date },
) {
  return decide(db, params.timesheetId, { worker: params.workerId }, async (tx, sheet, parties, refuse) => {
    workerMayAnswer(sheet, params.now, refuse);
    const [disputed] = await tx
      .update(timesheets)
      .set({ status: "disputed", workerDeadline: null, updatedAt: params.now })
      .where(eq(timesheets.id, sheet.id))
      .returning();
    if (!disputed) return refuse("timesheet_not_found");
    await appendTimesheetEvents(tx, [
      {
        timesheetId: sheet.id,
        actor: "worker",
        action: "disputed",
        oldMinutes: sheet.minutes,
        newMinutes: params.minutes,
        reason: params.reason,
        at: params.now,
      },
    ]);
    await tellDispute(tx, queue, parties);
    return timesheetView(disputed);
  });
}

/** The owner settles a dispute with the final minutes and a reason: resolved, final; the worker is told. */
export async function resolveTimesheet(
  db: Database,
  queue: BackgroundQueue,
  params: { ownerId: string; timesheetId: string; minutes: number; reason: string; now: Date },
) {
  return decide(db, params.timesheetId, { owner: params.ownerId }, async (tx, sheet, parties, refuse) => {
    if (sheet.status !== "disputed") return refuse("timesheet_state");
    const resolved = await closeDispute(tx, queue, sheet, { ...params, actor: "owner", action: "resolved" });
    if (!resolved) return refuse("timesheet_not_found");
    await tellWorker(tx, queue, "timesheet_resolved", parties);
    return timesheetView(resolved);
  });
}

/**
 * Inside the deciding transaction, with the timesheet's row locked: a dispute ends with final minutes
 * and a reason, resolved; its history line, its pay posted to the ledger, and the job's completion check. The owner's resolution and
 * an operator's settlement of an escalated dispute (docs/decisions/074) both end a dispute this way.
 */
export async function closeDispute(
  tx: Tx,
  queue: BackgroundQueue,
  sheet: Timesheet,
  change: { minutes: number; reason: string; now: Date; actor: "owner" | "operator"; action: "resolved" | "settled" },
): Promise<Timesheet | null> {
  const [resolved] = await tx
    .update(timesheets)
    .set({ status: "resolved", minutes: change.minutes, employerDeadline: null, workerDeadline: null, updatedAt: change.now })
    .where(eq(timesheets.id, sheet.id))
    .returning();
  if (!resolved) return null;
  await appendTimesheetEvents(tx, [
    {
      timesheetId: sheet.id,
      actor: change.actor,
      action: change.action,
      oldMinutes: sheet.minutes,
      newMinutes: change.minutes,
      reason: change.reason,
      at: change.now,
    },
  ]);
  await postAgreedPay(tx, [resolved.id]);
  await queueCompletionCheck(tx, queue, [resolved.jobId]);
  return resolved;
}
