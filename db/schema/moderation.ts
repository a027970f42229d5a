import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

import { HOLD_RULES } from "../../domain/moderation/hold-rules.ts";
import { user } from "./auth.ts";
import { holdDecisionEnum } from "./enums.ts";
import { jobs } from "./jobs.ts";

/**
 * A job post held for review (docs/decisions/069): which hold rules fired (domain/moderation/hold-rules.ts)
 * and when, then an operator's decision. A job has at most one hold waiting; a later edit that trips
 * rules again opens a new one. Goes with the job.
 */
export const jobHolds = pgTable(
  "job_holds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    jobId: uuid("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    rules: text("rules").array().notNull(),
    heldAt: timestamp("held_at", { withTimezone: true }).notNull(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decision: holdDecisionEnum("decision"),
    // The operator who decided; kept as null when their account goes.
    decidedBy: text("decided_by").references(() => user.id, { onDelete: "set null" }),
  },
  (t) => [
    // At least one rule fired, each one of domain/moderation/hold-rules.ts.
    check(
      "job_holds_rules",
      sql`cardinality(${t.rules}) >= 1 and ${t.rules} <@ array[${sql.raw(HOLD_RULES.map((r) => `'${r}'`).join(", "))}]::text[]`,
    ),
    check("job_holds_decided", sql`(${t.decision} is null) = (${t.decidedAt} is null)`),
    // One waiting hold per job: an edit of a held job adds to it.
    uniqueIndex("job_holds_waiting_job_idx")
      .on(t.jobId)
      .where(sql`${t.decidedAt} is null`),
    index("job_holds_job_idx").on(t.jobId, t.heldAt.desc()),
    // The moderation queue: waiting holds, oldest first.
    index("job_holds_waiting_idx")
      .on(t.heldAt)
      .where(sql`${t.decidedAt} is null`),
    index("job_holds_decided_by_idx").on(t.decidedBy),
  ],
);
export type JobHold = typeof jobHolds.$inferSelect;
