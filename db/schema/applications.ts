import { sql } from "drizzle-orm";
import { check, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

import { LIMITS } from "../../domain/limits.ts";
import { applicationStatusEnum } from "./enums.ts";
import { jobs } from "./jobs.ts";
import { profiles } from "./profiles.ts";

export const jobApplications = pgTable(
  "job_applications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    jobId: uuid("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    workerId: text("worker_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    status: applicationStatusEnum("status").notNull().default("pending"),
    message: text("message"),
    // The days of a multi-day job this application is for (docs/decisions/035), when its owner lets
    // workers choose; null is every day of the job. Capacity (max_workers) holds per day.
    days: date("days").array(),
    // When the owner last moved the job's dates or start time while this worker was hired: they were
    // told, and may withdraw without a strike (docs/decisions/056). Null: hired on the job's current terms.
    scheduleMovedAt: timestamp("schedule_moved_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("job_applications_message_len", sql`char_length(${t.message}) <= 2000`),
    check("job_applications_days", sql`cardinality(${t.days}) between 1 and ${sql.raw(String(LIMITS.durationDaysMax))}`),
    uniqueIndex("job_applications_job_worker_uq").on(t.jobId, t.workerId),
    index("job_applications_worker_created_idx").on(t.workerId, t.createdAt.desc()),
    index("job_applications_job_status_idx").on(t.jobId, t.status),
    // A job's first application (marketplace health, docs/decisions/072): one index entry, not its every row.
    index("job_applications_job_created_idx").on(t.jobId, t.createdAt),
  ],
);
export type JobApplication = typeof jobApplications.$inferSelect;
