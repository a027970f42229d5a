import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

import {
  APPEAL_KINDS,
  APPEAL_OUTCOMES,
  APPEAL_TEXT_MAX,
  DECISION_NOTE_MAX,
  DECISION_SUBJECT_TYPES,
  MODERATION_ACTIONS,
} from "../../domain/moderation/decisions.ts";
import type { ModerationGround } from "../../domain/moderation/grounds.ts";
import { timesheets } from "./attendance.ts";
import { profiles } from "./profiles.ts";
import { reliabilityEvents } from "./reliability.ts";
import { accountSanctions } from "./sanctions.ts";

const listed = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

/**
 * An operator's decision on an item of the moderation queue (docs/decisions/074): what, on which ground,
 * with the note the affected person reads in their statement of reasons. When the affected person's
 * account is deleted the decision stays without naming them; the deciding operator's likewise.
 */
export const moderationDecisions = pgTable(
  "moderation_decisions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subjectType: text("subject_type").notNull(),
    subjectId: text("subject_id").notNull(),
    /** The item's author (null for a dismissal that affects nobody, and once their account is deleted). */
    affectedUserId: text("affected_user_id").references(() => profiles.id, { onDelete: "set null" }),
    action: text("action", { enum: MODERATION_ACTIONS }).notNull(),
    ground: text("ground").$type<ModerationGround>().notNull(),
    note: text("note").notNull(),
    /** The restriction or ban it imposed. */
    sanctionId: uuid("sanction_id").references(() => accountSanctions.id, { onDelete: "set null" }),
    decidedBy: text("decided_by").references(() => profiles.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }).notNull(),
    /** An adverse decision's appeal window; null when there is nothing to appeal. */
    appealBy: timestamp("appeal_by", { withTimezone: true }),
    /** Reversed on appeal: what it removed was restored. */
    reversedAt: timestamp("reversed_at", { withTimezone: true }),
  },
  (t) => [
    check("moderation_decisions_subject_type", sql`${t.subjectType} in (${listed(DECISION_SUBJECT_TYPES)})`),
    check("moderation_decisions_action", sql`${t.action} in (${listed(MODERATION_ACTIONS)})`),
    check("moderation_decisions_note_len", sql`char_length(${t.note}) between 1 and ${sql.raw(String(DECISION_NOTE_MAX))}`),
    // A person's statements of reasons, newest first; an author's history in the queue.
    index("moderation_decisions_affected_idx").on(t.affectedUserId, t.decidedAt.desc()),
    // An item's decisions (the queue's item, a restore).
    index("moderation_decisions_subject_idx").on(t.subjectType, t.subjectId, t.decidedAt.desc()),
    // Marketplace health and the transparency counts by day.
    index("moderation_decisions_decided_at_idx").on(t.decidedAt),
    index("moderation_decisions_decided_by_idx").on(t.decidedBy),
    index("moderation_decisions_sanction_idx").on(t.sanctionId),
  ],
);
export type ModerationDecision = typeof moderationDecisions.$inferSelect;

/**
 * An appeal to operators (docs/decisions/074): of a decision by the person it affects, of a timesheet
 * disputed for DISPUTE_ESCALATION_HOURS by either side, of a strike by the person who got it. One per
 * item. Answered by an operator who did not take the decision appealed. The appellant goes as null
 * when their account is deleted; the appeal and its answer stay.
 */
export const appeals = pgTable(
  "appeals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: APPEAL_KINDS }).notNull(),
    decisionId: uuid("decision_id").references(() => moderationDecisions.id, { onDelete: "cascade" }),
    timesheetId: uuid("timesheet_id").references(() => timesheets.id, { onDelete: "cascade" }),
    reliabilityEventId: uuid("reliability_event_id").references(() => reliabilityEvents.id, { onDelete: "set null" }),
    appellantId: text("appellant_id").references(() => profiles.id, { onDelete: "set null" }),
    text: text("text").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    outcome: text("outcome", { enum: APPEAL_OUTCOMES }),
    answer: text("answer"),
    answeredBy: text("answered_by").references(() => profiles.id, { onDelete: "set null" }),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
  },
  (t) => [
    check("appeals_kind", sql`${t.kind} in (${listed(APPEAL_KINDS)})`),
    check("appeals_outcome", sql`${t.outcome} in (${listed(APPEAL_OUTCOMES)})`),
    check("appeals_text_len", sql`char_length(${t.text}) between 1 and ${sql.raw(String(APPEAL_TEXT_MAX))}`),
    check("appeals_answer_len", sql`char_length(${t.answer}) <= ${sql.raw(String(DECISION_NOTE_MAX))}`),
    check("appeals_answered", sql`(${t.outcome} is null) = (${t.answeredAt} is null)`),
    // What an open appeal is about is set for its kind (a strike's row may go once it is removed).
    check(
      "appeals_subject",
      sql`(${t.kind} = 'decision' and ${t.decisionId} is not null)
          or (${t.kind} = 'timesheet' and ${t.timesheetId} is not null)
          or (${t.kind} = 'strike' and (${t.reliabilityEventId} is not null or ${t.outcome} is not null))`,
    ),
    // Once per item.
    uniqueIndex("appeals_decision_uq").on(t.decisionId),
    uniqueIndex("appeals_timesheet_uq").on(t.timesheetId),
    uniqueIndex("appeals_strike_uq").on(t.reliabilityEventId),
    // The queue: open appeals, oldest first.
    index("appeals_open_idx")
      .on(t.createdAt)
      .where(sql`${t.outcome} is null`),
    // Health: appeals made by day (docs/decisions/072).
    index("appeals_created_at_idx").on(t.createdAt),
    // Health: answered appeals by day.
    index("appeals_answered_at_idx").on(t.answeredAt),
    index("appeals_appellant_idx").on(t.appellantId, t.createdAt.desc()),
    index("appeals_answered_by_idx").on(t.answeredBy),
  ],
);
export type Appeal = typeof appeals.$inferSelect;
