import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

import type { JobFilters } from "../../domain/job-filters.ts";
import { jobs } from "./jobs.ts";
import { profiles } from "./profiles.ts";

/** A search a worker keeps, with how they want to hear of new jobs that match it. */
export const savedSearches = pgTable(
  "saved_searches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    filters: jsonb("filters").$type<JobFilters>().notNull(),
    /** instant: a notice per new job; daily: one digest a day; off: kept without alerts. */
    alerts: text("alerts").notNull().default("instant"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("saved_searches_alerts", sql`${t.alerts} in ('instant', 'daily', 'off')`),
    index("saved_searches_user_idx").on(t.userId, t.createdAt.desc()),
  ],
);

/** A new job that matched a saved search: written once per pair, told once (at once or in the digest). */
export const savedSearchMatches = pgTable(
  "saved_search_matches",
  {
    savedSearchId: uuid("saved_search_id")
      .notNull()
      .references(() => savedSearches.id, { onDelete: "cascade" }),
    jobId: uuid("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.savedSearchId, t.jobId] }),
    index("saved_search_matches_pending_idx")
      .on(t.createdAt)
      .where(sql`${t.notifiedAt} is null`),
  ],
);
