import { and, eq, isNull } from "drizzle-orm";

import type { Database } from "../../db/database.ts";
import { lockPeopleFirst } from "../../db/lock-order.ts";
import { appeals, jobApplications, jobs, profiles, reliabilityEvents, timesheets } from "../../db/schema/index.ts";
import type { OperatorRole } from "../../domain/operators.ts";
import { timesheetView } from "../attendance/views.ts";
import type { BackgroundQueue } from "../background-jobs.ts";
import { postSettledPayChange } from "../money/agreed-pay.ts";
import { recordOperatorAction } from "../operators/audit.ts";
import { inTransaction, refusal } from "../refusal.ts";
import { closeDispute } from "../timesheets/decide.ts";
import { tellSettled, tellStrikeAnswered } from "./notices.ts";

type Operator = { id: string; role: OperatorRole };

/**
 * An operator settles an escalated timesheet as the owner resolves a dispute, even one resolved since: Daywork's
 * word is the last, but never on the operator's own timesheet (docs/decisions/074).
 */
export async function settleTimesheet(
  db: Database,
  queue: BackgroundQueue,
  params: { operator: Operator; appealId: string; minutes: number; note: string; now: Date },
) {
  const [found] = await db
    .select({
      timesheetId: timesheets.id,
      jobId: timesheets.jobId,
      jobTitle: jobs.title,
      ownerId: jobs.employerId,
      workerId: jobApplications.workerId,
      shiftDate: timesheets.shiftDate,
    })
    .from(appeals)
    .innerJoin(timesheets, eq(timesheets.id, appeals.timesheetId))
    .innerJoin(jobApplications, eq(jobApplications.id, timesheets.applicationId))
    .innerJoin(jobs, eq(jobs.id, timesheets.jobId))
    .where(and(eq(appeals.id, params.appealId), eq(appeals.kind, "timesheet")));
  if (!found) return refusal("not_found");
  if (params.operator.id === found.ownerId || params.operator.id === found.workerId) return refusal("operator_self");
  return inTransaction(db, async (tx, refuse) => {
    if (!(await lockPeopleFirst(tx, [found.ownerId, found.workerId]))) return refuse("not_found");
    const [sheet] = await tx.select().from(timesheets).where(eq(timesheets.id, found.timesheetId)).for("update");
    if (!sheet) return refuse("not_found");
    if (sheet.status !== "disputed" && sheet.status !== "resolved") return refuse("timesheet_state");
    const [answered] = await tx
      .update(appeals)
      .set({ outcome: "settled", answer: params.note, answeredBy: params.operator.id, answeredAt: params.now })
      .where(and(eq(appeals.id, params.appealId), isNull(appeals.outcome)))
      .returning({ id: appeals.id });
    if (!answered) return refuse("appeal_taken");
    const settled = await closeDispute(tx, queue, sheet, {
      minutes: params.minutes,
      reason: params.note,
      now: params.now,
      actor: "operator",
      action: "settled",
    });
    if (!settled) return refuse("not_found");
    // The owner may have resolved it at other minutes: their pay is in the ledger under the agreed key.
    await postSettledPayChange(tx, {
      timesheetId: sheet.id,
      appealId: params.appealId,
      operatorId: params.operator.id,
      note: params.note,
    });
    await recordOperatorAction(tx, {
      operatorId: params.operator.id,
      action: "settle_timesheet",
      subjectType: "timesheet",
      subjectId: sheet.id,
      reason: `${sheet.minutes}->${params.minutes}`,
      note: params.note,
    });
    await tellSettled(tx, queue, found, { minutes: params.minutes, note: params.note });
    return timesheetView(settled);
  });
}

/**
 * An operator answers a strike's appeal (docs/decisions/074): upheld keeps it; reversed deletes the
 * strike in the same transaction (the figures are counted from the rows, so it stops counting at once).
 * The appeal keeps its outcome and note; an audit row; the person is told why, and on a reversal the
 * job's owner too. Neither the person nor the job's owner may answer it.
 */
export async function answerStrikeAppeal(
  db: Database,
  queue: BackgroundQueue,
  params: { operator: Operator; appealId: string; outcome: "upheld" | "reversed"; note: string; now: Date },
) {
  const [appeal] = await db
    .select({ outcome: appeals.outcome })
    .from(appeals)
    .where(and(eq(appeals.id, params.appealId), eq(appeals.kind, "strike")));
  if (!appeal) return refusal("not_found");
  // A reversal removed the strike: the answered appeal is all that is left of it.
  if (appeal.outcome !== null) return refusal("appeal_taken");
  const [found] = await db
    .select({
      strikeId: reliabilityEvents.id,
      personId: reliabilityEvents.userId,
      personName: profiles.fullName,
      onDate: reliabilityEvents.onDate,
      jobId: jobs.id,
      jobTitle: jobs.title,
      ownerId: jobs.employerId,
    })
    .from(appeals)
    .innerJoin(reliabilityEvents, eq(reliabilityEvents.id, appeals.reliabilityEventId))
    .innerJoin(profiles, eq(profiles.id, reliabilityEvents.userId))
    .leftJoin(jobs, eq(jobs.id, reliabilityEvents.jobId))
    .where(and(eq(appeals.id, params.appealId), eq(appeals.kind, "strike")));
  if (!found) return refusal("not_found");
  if (params.operator.id === found.personId || params.operator.id === found.ownerId) return refusal("operator_self");
  return inTransaction(db, async (tx, refuse) => {
    const people = found.ownerId ? [found.personId, found.ownerId] : [found.personId];
    if (!(await lockPeopleFirst(tx, people))) return refuse("not_found");
    // The outcome first: once it is set, the strike's row may go (appeals_subject).
    const [answered] = await tx
      .update(appeals)
      .set({ outcome: params.outcome, answer: params.note, answeredBy: params.operator.id, answeredAt: params.now })
      .where(and(eq(appeals.id, params.appealId), isNull(appeals.outcome)))
      .returning({ id: appeals.id });
    if (!answered) return refuse("appeal_taken");
    if (params.outcome === "reversed") await tx.delete(reliabilityEvents).where(eq(reliabilityEvents.id, found.strikeId));
    await recordOperatorAction(tx, {
      operatorId: params.operator.id,
      action: params.outcome === "reversed" ? "reverse_strike" : "uphold_strike",
      subjectType: "strike",
      subjectId: found.strikeId,
      reason: params.outcome,
      note: params.note,
    });
    await tellStrikeAnswered(tx, queue, {
      personId: found.personId,
      personName: found.personName,
      outcome: params.outcome,
      onDate: found.onDate,
      note: params.note,
      job:
        found.jobId && found.jobTitle && found.ownerId
          ? { id: found.jobId, title: found.jobTitle, ownerId: found.ownerId }
          : null,
    });
    return { appealId: answered.id, outcome: params.outcome };
  });
}
