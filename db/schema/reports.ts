import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

import { LIMITS } from "../../domain/limits.ts";
import { REPORT_OUTCOMES, REPORT_REASONS, REPORT_SUBJECT_TYPES } from "../../domain/reports.ts";
import { profiles } from "./profiles.ts";

const listed = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

/**
 * A member's report of a job, a profile, a chat message or a review (docs/decisions/070), read by the
 * moderation queue. The reporter and the item's author go as null when their account is deleted; the
 * report stays for moderation. `subject_id` is the item's id as text, null once the item went with its
 * author's account (the report is closed then).
 */
export const reports = pgTable(
  "reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reporterId: text("reporter_id").references(() => profiles.id, { onDelete: "set null" }),
    subjectType: text("subject_type").notNull(),
    subjectId: text("subject_id"),
    /** The item's author: the job's owner, the person, the message's sender, the review's writer. */
    subjectUserId: text("subject_user_id").references(() => profiles.id, { onDelete: "set null" }),
    reason: text("reason").notNull(),
    comment: text("comment"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    status: text("status").notNull().default("open"),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    /** Null while open, and for a report closed because its item was deleted with its author. */
    outcome: text("outcome"),
  },
  (t) => [
    check("reports_subject_type", sql`${t.subjectType} in (${listed(REPORT_SUBJECT_TYPES)})`),
    check("reports_reason", sql`${t.reason} in (${listed(REPORT_REASONS)})`),
    check("reports_outcome", sql`${t.outcome} in (${listed(REPORT_OUTCOMES)})`),
    check("reports_comment_len", sql`char_length(${t.comment}) <= ${sql.raw(String(LIMITS.reportComment))}`),
    check(
      "reports_status",
      sql`(${t.status} = 'open' and ${t.closedAt} is null and ${t.outcome} is null and ${t.subjectId} is not null)
          or (${t.status} = 'closed' and ${t.closedAt} is not null)`,
    ),
    // One open report per reporter and item: a second answers with the first.
    uniqueIndex("reports_open_per_reporter_uq")
      .on(t.reporterId, t.subjectType, t.subjectId)
      .where(sql`${t.status} = 'open'`),
    // The moderation queue: open reports of an item, oldest first, and all open ones oldest first.
    index("reports_open_subject_idx")
      .on(t.subjectType, t.subjectId, t.createdAt)
      .where(sql`${t.status} = 'open'`),
    index("reports_open_oldest_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'open'`),
    // Marketplace health and the transparency counts: reports received by day (docs/decisions/072).
    index("reports_created_at_idx").on(t.createdAt),
    // An item's reports open or closed, oldest first: when a decided item entered the queue (health).
    index("reports_subject_idx").on(t.subjectType, t.subjectId, t.createdAt),
    // A reporter's own reports, newest first.
    index("reports_reporter_idx").on(t.reporterId, t.createdAt.desc(), t.id.desc()),
    // An author's account deletion closes the open reports of their items.
    index("reports_subject_user_idx").on(t.subjectUserId),
  ],
);
export type Report = typeof reports.$inferSelect;
