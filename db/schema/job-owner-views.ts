import { pgTable, timestamp, uuid } from "drizzle-orm/pg-core";

import { jobs } from "./jobs.ts";

/**
 * What a job's owner has looked at: when they last opened the job's applications page. Applications
 * that arrived after it are "new" on /my-jobs. One row per job (the owner is the job's), written when
 * the page opens; none means never opened, so every application is new.
 */
export const jobOwnerViews = pgTable("job_owner_views", {
  jobId: uuid("job_id")
    .primaryKey()
    .references(() => jobs.id, { onDelete: "cascade" }),
  applicationsSeenAt: timestamp("applications_seen_at", { withTimezone: true }).notNull(),
});
export type JobOwnerView = typeof jobOwnerViews.$inferSelect;
