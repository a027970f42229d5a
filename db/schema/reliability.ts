import { sql } from "drizzle-orm";
import { check, date, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

import { RELIABILITY_EVENT_KINDS, RELIABILITY_REPLY_MAX, RELIABILITY_ROLES } from "../../domain/reliability.ts";
import { jobs } from "./jobs.ts";
import { profiles } from "./profiles.ts";

export const reliabilityEventKindEnum = pgEnum("reliability_event_kind", RELIABILITY_EVENT_KINDS);
export const reliabilityRoleEnum = pgEnum("reliability_role", RELIABILITY_ROLES);

/**
 * A recorded strike (docs/decisions/033): a late cancellation (by the hired worker or the job's owner,
 * with the hours of notice given) or a no-show (an absent day the owner recorded). Written in the same
 * transaction as the action that causes it; goes with the person's account. `on_date` is the day it is
 * about (the shift day, or the job's start date): clean shifts after it make it expire.
 */
export const reliabilityEvents = pgTable(
  "reliability_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    jobId: uuid("job_id").references(() => jobs.id, { onDelete: "set null" }),
    kind: reliabilityEventKindEnum("kind").notNull(),
    role: reliabilityRoleEnum("role").notNull(),
    onDate: date("on_date").notNull(),
    /** Late cancellations: whole hours before the start (negative once begun). */
    noticeHours: integer("notice_hours"),
    /** The person's public reply. */
    reply: text("reply"),
    repliedAt: timestamp("replied_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    // One strike per person, job, kind and day: a repeated action records nothing more.
    uniqueIndex("reliability_events_once_uq").on(t.userId, t.jobId, t.kind, t.onDate),
    // A person's strikes, newest first (their profile).
    index("reliability_events_user_idx").on(t.userId, t.onDate),
    // No-shows and late cancellations of a window (marketplace health, docs/decisions/072).
    index("reliability_events_kind_date_idx").on(t.kind, t.onDate),
    check("reliability_events_reply_len", sql`char_length(${t.reply}) <= ${sql.raw(String(RELIABILITY_REPLY_MAX))}`),
    check("reliability_events_notice", sql`(${t.kind} = 'late_cancellation') = (${t.noticeHours} is not null)`),
  ],
);
export type ReliabilityEvent = typeof reliabilityEvents.$inferSelect;
