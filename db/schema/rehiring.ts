import { sql } from "drizzle-orm";
import { check, date, index, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

import { LIMITS } from "../../domain/limits.ts";
import { INVITATION_STATUSES } from "../../domain/statuses.ts";
import { jobs } from "./jobs.ts";
import { profiles } from "./profiles.ts";

/**
 * Rehiring (docs/decisions/036): the workers an employer keeps as favourites, the employers a worker
 * follows, and invitations of a named worker to a job. Each goes with either person's account.
 */

/** An employer's favourite worker; private to the employer. */
export const favouriteWorkers = pgTable(
  "favourite_workers",
  {
    employerId: text("employer_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    workerId: text("worker_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.employerId, t.workerId] }),
    // Deleting a worker's account finds their rows without a scan.
    index("favourite_workers_worker_idx").on(t.workerId),
  ],
);
export type FavouriteWorker = typeof favouriteWorkers.$inferSelect;

/** A worker following an employer: told of the employer's new jobs first. */
export const employerFollows = pgTable(
  "employer_follows",
  {
    followerId: text("follower_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    employerId: text("employer_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.employerId] }),
    // An employer's followers, when a new job of theirs is posted.
    index("employer_follows_employer_idx").on(t.employerId),
  ],
);
export type EmployerFollow = typeof employerFollows.$inferSelect;

export const invitationStatusEnum = pgEnum("invitation_status", INVITATION_STATUSES);

/**
 * A job's owner inviting a named worker. Accepting hires the worker at once (within each day's
 * capacity), for `days` (null: every day of the job). One invitation per job and worker.
 */
export const jobInvitations = pgTable(
  "job_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    jobId: uuid("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    workerId: text("worker_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    status: invitationStatusEnum("status").notNull().default("pending"),
    days: date("days").array(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("job_invitations_job_worker_uq").on(t.jobId, t.workerId),
    check("job_invitations_days", sql`cardinality(${t.days}) between 1 and ${sql.raw(String(LIMITS.durationDaysMax))}`),
    // A worker's open invitations, newest first.
    index("job_invitations_worker_idx")
      .on(t.workerId, t.createdAt.desc())
      .where(sql`${t.status} = 'pending'`),
  ],
);
export type JobInvitation = typeof jobInvitations.$inferSelect;
