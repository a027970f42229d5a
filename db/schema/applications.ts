import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

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
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("job_applications_message_len", sql`char_length(${t.message}) <= 2000`),
    uniqueIndex("job_applications_job_worker_uq").on(t.jobId, t.workerId),
    index("job_applications_worker_created_idx").on(t.workerId, t.createdAt.desc()),
    index("job_applications_job_status_idx").on(t.jobId, t.status),
  ],
);
export type JobApplication = typeof jobApplications.$inferSelect;
