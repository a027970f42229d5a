import { aliasedTable, and, asc, eq } from "drizzle-orm";

import type { Database, Queryable } from "../../db/database.ts";
import {
  appeals,
  cities,
  jobApplications,
  jobs,
  profiles,
  reliabilityEvents,
  shiftAttendance,
  timesheetEvents,
  timesheets,
  type Appeal,
} from "../../db/schema/index.ts";
import { jobTimeZone } from "../../domain/jobs.ts";
import { attendanceView, timesheetView } from "../attendance/views.ts";
import { recordOperatorAction } from "../operators/audit.ts";

const owners = aliasedTable(profiles, "owners");

/** The job a case is about, as the operator reads it: title, days, zone, and its owner. */
async function caseJob(db: Queryable, jobId: string) {
  const [row] = await db
    .select({
      id: jobs.id,
      title: jobs.title,
      status: jobs.status,
      startDate: jobs.startDate,
      durationDays: jobs.durationDays,
      startTime: jobs.startTime,
      cityZone: cities.timeZone,
      ownerZone: owners.timeZone,
      ownerId: jobs.employerId,
      ownerName: owners.fullName,
    })
    .from(jobs)
    .innerJoin(owners, eq(owners.id, jobs.employerId))
    .leftJoin(cities, eq(cities.id, jobs.cityId))
    .where(eq(jobs.id, jobId));
  if (!row) return null;
  const { cityZone, ownerZone, ownerId, ownerName, ...job } = row;
  return { job: { ...job, timeZone: jobTimeZone(cityZone, ownerZone) }, owner: { id: ownerId, name: ownerName } };
}

function appealPart(appeal: Appeal) {
  return {
    id: appeal.id,
    text: appeal.text,
    createdAt: appeal.createdAt,
    outcome: appeal.outcome,
    answer: appeal.answer,
    answeredAt: appeal.answeredAt,
  };
}

/** A timesheet's case: both parties, the job, the timesheet with its whole history, the day's attendance. */
async function timesheetCase(db: Queryable, appeal: Appeal, timesheetId: string, operatorId: string) {
  const [row] = await db
    .select({ sheet: timesheets, workerId: jobApplications.workerId, workerName: profiles.fullName })
    .from(timesheets)
    .innerJoin(jobApplications, eq(jobApplications.id, timesheets.applicationId))
    .innerJoin(profiles, eq(profiles.id, jobApplications.workerId))
    .where(eq(timesheets.id, timesheetId));
  if (!row) return null;
  const about = await caseJob(db, row.sheet.jobId);
  if (!about) return null;
  const events = await db
    .select({
      id: timesheetEvents.id,
      actor: timesheetEvents.actor,
      action: timesheetEvents.action,
      oldMinutes: timesheetEvents.oldMinutes,
      newMinutes: timesheetEvents.newMinutes,
      reason: timesheetEvents.reason,
      at: timesheetEvents.createdAt,
    })
    .from(timesheetEvents)
    .where(eq(timesheetEvents.timesheetId, timesheetId))
    .orderBy(asc(timesheetEvents.id));
  const [day] = await db
    .select()
    .from(shiftAttendance)
    .where(and(eq(shiftAttendance.applicationId, row.sheet.applicationId), eq(shiftAttendance.shiftDate, row.sheet.shiftDate)));
  const worker = { id: row.workerId, name: row.workerName };
  return {
    kind: "timesheet" as const,
    appeal: {
      ...appealPart(appeal),
      side:
        appeal.appellantId === worker.id
          ? ("worker" as const)
          : appeal.appellantId === about.owner.id
            ? ("owner" as const)
            : null,
    },
    job: about.job,
    owner: about.owner,
    worker,
    timesheet: timesheetView(row.sheet),
    events,
    attendance: day ? attendanceView(day, about.job.timeZone) : null,
    /** The operator is neither side, and nothing is decided yet. */
    mayDecide: appeal.outcome === null && operatorId !== worker.id && operatorId !== about.owner.id,
  };
}

/** A strike's case: the person, the strike, its job and that day's attendance of the person there. */
async function strikeCase(db: Queryable, appeal: Appeal, operatorId: string) {
  const [strike] = appeal.reliabilityEventId
    ? await db
        .select({
          id: reliabilityEvents.id,
          userId: reliabilityEvents.userId,
          jobId: reliabilityEvents.jobId,
          kind: reliabilityEvents.kind,
          role: reliabilityEvents.role,
          onDate: reliabilityEvents.onDate,
          noticeHours: reliabilityEvents.noticeHours,
          reply: reliabilityEvents.reply,
          createdAt: reliabilityEvents.createdAt,
        })
        .from(reliabilityEvents)
        .where(eq(reliabilityEvents.id, appeal.reliabilityEventId))
    : [];
  const personId = strike?.userId ?? appeal.appellantId;
  const [person] = personId
    ? await db.select({ id: profiles.id, name: profiles.fullName }).from(profiles).where(eq(profiles.id, personId))
    : [];
  const about = strike?.jobId ? await caseJob(db, strike.jobId) : null;
  const attendance =
    strike?.jobId && about
      ? (
          await db
            .select({ row: shiftAttendance })
            .from(shiftAttendance)
            .innerJoin(jobApplications, eq(jobApplications.id, shiftAttendance.applicationId))
            .where(
              and(
                eq(shiftAttendance.jobId, strike.jobId),
                eq(shiftAttendance.shiftDate, strike.onDate),
                eq(jobApplications.workerId, strike.userId),
              ),
            )
        ).map(({ row }) => attendanceView(row, about.job.timeZone))
      : [];
  return {
    kind: "strike" as const,
    appeal: appealPart(appeal),
    /** Null once a reversal removed it. */
    strike: strike ?? null,
    person: person ?? null,
    job: about?.job ?? null,
    owner: about?.owner ?? null,
    attendance,
    mayDecide: appeal.outcome === null && strike !== undefined && operatorId !== strike.userId && operatorId !== about?.owner.id,
  };
}

export type DisputeCase = NonNullable<Awaited<ReturnType<typeof disputeCase>>>;

/**
 * An appeal of a timesheet or a strike as the operator decides it (docs/decisions/074), everything in one
 * answer; reading it is written to the audit log, in the same transaction. Null for no such appeal and
 * for an appeal of a moderation decision (read elsewhere).
 */
export async function disputeCase(db: Database, params: { operatorId: string; appealId: string }) {
  return db.transaction(async (tx) => {
    const [appeal] = await tx.select().from(appeals).where(eq(appeals.id, params.appealId));
    if (!appeal || appeal.kind === "decision") return null;
    const found =
      appeal.kind === "timesheet" && appeal.timesheetId
        ? await timesheetCase(tx, appeal, appeal.timesheetId, params.operatorId)
        : await strikeCase(tx, appeal, params.operatorId);
    if (!found) return null;
    await recordOperatorAction(tx, {
      operatorId: params.operatorId,
      action: "read_dispute",
      subjectType: "appeal",
      subjectId: appeal.id,
    });
    return found;
  });
}
