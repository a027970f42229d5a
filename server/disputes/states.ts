import { and, eq, inArray, sql } from "drizzle-orm";

import type { Queryable } from "../../db/database.ts";
import { appeals, reliabilityEvents, timesheetEvents } from "../../db/schema/index.ts";
import type { AppealOutcome } from "../../domain/moderation/decisions.ts";
import { escalationOpensAt, strikeAppealDeadline } from "../../domain/moderation/disputes.ts";

/** A timesheet's or strike's appeal as its people read it: when it went to Daywork, and the answer once there is one. */
export type AppealState = { at: Date; outcome: AppealOutcome | null; answer: string | null; answeredAt: Date | null };

/** Where a timesheet stands with Daywork: sent (and answered), or from when it may be sent. */
export type EscalationState = {
  escalation: AppealState | null;
  /** While disputed and not yet sent: from when either side may send it (DISPUTE_ESCALATION_HOURS after the dispute). */
  escalableFrom: Date | null;
};

const appealColumns = {
  at: appeals.createdAt,
  outcome: appeals.outcome,
  answer: appeals.answer,
  answeredAt: appeals.answeredAt,
};

/**
 * Each timesheet's escalation state, for the timesheet page of a job (docs/decisions/074): two index
 * reads over the page's timesheets (appeals_timesheet_uq, timesheet_events_timesheet_idx).
 */
export async function escalationStates(
  db: Queryable,
  sheets: readonly { id: string; status: string }[],
): Promise<Map<string, EscalationState>> {
  const states = new Map<string, EscalationState>();
  if (sheets.length === 0) return states;
  const ids = sheets.map((s) => s.id);
  const sent = await db
    .select({ timesheetId: appeals.timesheetId, ...appealColumns })
    .from(appeals)
    .where(inArray(appeals.timesheetId, ids));
  const sentBy = new Map(sent.map(({ timesheetId, ...state }) => [timesheetId, state]));
  const open = sheets.filter((s) => s.status === "disputed" && !sentBy.has(s.id)).map((s) => s.id);
  const disputed = open.length
    ? await db
        .select({
          timesheetId: timesheetEvents.timesheetId,
          at: sql<Date>`max(${timesheetEvents.createdAt})`.mapWith(timesheetEvents.createdAt),
        })
        .from(timesheetEvents)
        .where(and(inArray(timesheetEvents.timesheetId, open), eq(timesheetEvents.action, "disputed")))
        .groupBy(timesheetEvents.timesheetId)
    : [];
  const disputedBy = new Map(disputed.map((d) => [d.timesheetId, d.at]));
  for (const sheet of sheets) {
    const at = disputedBy.get(sheet.id);
    states.set(sheet.id, { escalation: sentBy.get(sheet.id) ?? null, escalableFrom: at ? escalationOpensAt(at) : null });
  }
  return states;
}

/** Where each of a person's strikes stands with Daywork: appealed (and answered), or until when it may be. */
export type StrikeAppealState = {
  appeal: AppealState | null;
  /** Not yet appealed and within APPEAL_WINDOW_DAYS of its recording: the last moment to appeal. */
  appealableUntil: Date | null;
};

/** The appeal states of `strikeIds`, the person's own (the WHERE names them), at `now`. */
export async function strikeAppealStates(
  db: Queryable,
  userId: string,
  strikeIds: readonly string[],
  now: Date,
): Promise<Map<string, StrikeAppealState>> {
  const states = new Map<string, StrikeAppealState>();
  if (strikeIds.length === 0) return states;
  const rows = await db
    .select({
      id: reliabilityEvents.id,
      createdAt: reliabilityEvents.createdAt,
      appealAt: appeals.createdAt,
      outcome: appeals.outcome,
      answer: appeals.answer,
      answeredAt: appeals.answeredAt,
    })
    .from(reliabilityEvents)
    .leftJoin(appeals, eq(appeals.reliabilityEventId, reliabilityEvents.id))
    .where(and(eq(reliabilityEvents.userId, userId), inArray(reliabilityEvents.id, [...strikeIds])));
  for (const row of rows) {
    const deadline = strikeAppealDeadline(row.createdAt);
    states.set(row.id, {
      appeal: row.appealAt ? { at: row.appealAt, outcome: row.outcome, answer: row.answer, answeredAt: row.answeredAt } : null,
      appealableUntil: !row.appealAt && deadline > now ? deadline : null,
    });
  }
  return states;
}
