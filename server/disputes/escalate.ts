import { and, desc, eq, or } from "drizzle-orm";

import type { Database, Queryable } from "../../db/database.ts";
import { lockPeopleFirst } from "../../db/lock-order.ts";
import {
  appeals,
  jobApplications,
  jobs,
  profiles,
  reliabilityEvents,
  timesheetEvents,
  timesheets,
} from "../../db/schema/index.ts";
import { escalationOpensAt, strikeAppealDeadline } from "../../domain/moderation/disputes.ts";
import type { BackgroundQueue } from "../background-jobs.ts";
import { inTransaction, refusal } from "../refusal.ts";
import { tellEscalated } from "./notices.ts";

/** When the timesheet was last disputed (null: never). */
async function disputedAt(db: Queryable, timesheetId: string) {
  const [row] = await db
    .select({ at: timesheetEvents.createdAt })
    .from(timesheetEvents)
    .where(and(eq(timesheetEvents.timesheetId, timesheetId), eq(timesheetEvents.action, "disputed")))
    .orderBy(desc(timesheetEvents.id))
    .limit(1);
  return row?.at ?? null;
}

/**
 * Either side of a timesheet disputed for DISPUTE_ESCALATION_HOURS sends it to Daywork, saying why
 * (docs/decisions/074): an appeal of kind "timesheet", once per timesheet (the unique index takes a
 * double click), and the other side is told. Operators are not notified: their queue shows it. Anyone
 * but the two sides hears "not found".
 */
export async function escalateTimesheet(
  db: Database,
  queue: BackgroundQueue,
  params: { userId: string; timesheetId: string; text: string; now: Date },
) {
  const [parties] = await db
    .select({
      timesheetId: timesheets.id,
      jobId: timesheets.jobId,
      jobTitle: jobs.title,
      ownerId: jobs.employerId,
      workerId: jobApplications.workerId,
      shiftDate: timesheets.shiftDate,
    })
    .from(timesheets)
    .innerJoin(jobApplications, eq(jobApplications.id, timesheets.applicationId))
    .innerJoin(jobs, eq(jobs.id, timesheets.jobId))
    .where(
      and(
        eq(timesheets.id, params.timesheetId),
        or(eq(jobs.employerId, params.userId), eq(jobApplications.workerId, params.userId)),
      ),
    );
  if (!parties) return refusal("timesheet_not_found");
  return inTransaction(db, async (tx, refuse) => {
    if (!(await lockPeopleFirst(tx, [parties.ownerId, parties.workerId]))) return refuse("timesheet_not_found");
    // The timesheet's row, as the owner's resolution takes it: one waits for the other.
    const [sheet] = await tx.select().from(timesheets).where(eq(timesheets.id, parties.timesheetId)).for("update");
    if (!sheet) return refuse("timesheet_not_found");
    const [taken] = await tx.select({ id: appeals.id }).from(appeals).where(eq(appeals.timesheetId, sheet.id));
    if (taken) return refuse("appeal_closed");
    if (sheet.status !== "disputed") return refuse("timesheet_state");
    const since = await disputedAt(tx, sheet.id);
    if (!since || escalationOpensAt(since) > params.now) return refuse("dispute_too_early");
    const [created] = await tx
      .insert(appeals)
      .values({ kind: "timesheet", timesheetId: sheet.id, appellantId: params.userId, text: params.text, createdAt: params.now })
      .onConflictDoNothing()
      .returning({ id: appeals.id, createdAt: appeals.createdAt });
    if (!created) return refuse("appeal_closed");
    const [me] = await tx.select({ name: profiles.fullName }).from(profiles).where(eq(profiles.id, params.userId));
    await tellEscalated(tx, queue, parties, { id: params.userId, name: me?.name ?? "" });
    return { appealId: created.id, at: created.createdAt };
  });
}

/**
 * The strike's person appeals it within APPEAL_WINDOW_DAYS of its recording, once (docs/decisions/074).
 * Anyone else's strike, and a strike that does not exist, is "not found".
 */
export async function appealStrike(db: Database, params: { userId: string; strikeId: string; text: string; now: Date }) {
  return inTransaction(db, async (tx, refuse) => {
    const [strike] = await tx
      .select({ id: reliabilityEvents.id, createdAt: reliabilityEvents.createdAt })
      .from(reliabilityEvents)
      .where(and(eq(reliabilityEvents.id, params.strikeId), eq(reliabilityEvents.userId, params.userId)));
    if (!strike) return refuse("not_found");
    if (strikeAppealDeadline(strike.createdAt) <= params.now) return refuse("appeal_closed");
    const [created] = await tx
      .insert(appeals)
      .values({
        kind: "strike",
        reliabilityEventId: strike.id,
        appellantId: params.userId,
        text: params.text,
        createdAt: params.now,
      })
      .onConflictDoNothing()
      .returning({ id: appeals.id, createdAt: appeals.createdAt });
    if (!created) return refuse("appeal_closed");
    return { appealId: created.id, at: created.createdAt };
  });
}
