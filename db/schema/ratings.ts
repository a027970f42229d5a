import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

import { LIMITS } from "../../domain/limits.ts";
import { jobs } from "./jobs.ts";
import { profiles } from "./profiles.ts";

export const ratings = pgTable(
  "ratings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    jobId: uuid("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    fromUserId: text("from_user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    toUserId: text("to_user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    rating: smallint("rating").notNull(),
    comment: text("comment"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** An operator removed it (docs/decisions/074): out of the reviews and the average, kept for an appeal. */
    removedAt: timestamp("removed_at", { withTimezone: true }),
  },
  (t) => [
    check("ratings_range", sql`${t.rating} between 1 and 5`),
    check("ratings_comment_len", sql`char_length(${t.comment}) <= 1000`),
    check("ratings_not_self", sql`${t.fromUserId} <> ${t.toUserId}`),
    uniqueIndex("ratings_job_from_to_uq").on(t.jobId, t.fromUserId, t.toUserId),
    // Reviews of a person, newest first, and their average.
    index("ratings_to_user_idx").on(t.toUserId, t.createdAt.desc()),
    index("ratings_from_user_idx").on(t.fromUserId),
  ],
);
export type Rating = typeof ratings.$inferSelect;

/**
 * Each person's ratings received, kept as a count and a sum so that lists read the average with one
 * primary-key probe instead of aggregating reviews per row. The daywork_rating_summaries_* triggers on
 * ratings (migration 0009) keep it in the same statement as every insert, update or delete of a
 * rating, whoever writes it: a review, account deletion, a cascade, the seed. No row: no ratings yet.
 */
export const ratingSummaries = pgTable(
  "rating_summaries",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => profiles.id, { onDelete: "cascade" }),
    ratingCount: integer("rating_count").notNull().default(0),
    ratingSum: integer("rating_sum").notNull().default(0),
  },
  (t) => [
    check(
      "rating_summaries_counts",
      sql`${t.ratingCount} >= 0 and ${t.ratingSum} between ${t.ratingCount} and ${sql.raw(String(LIMITS.ratingMax))} * ${t.ratingCount}`,
    ),
  ],
);
export type RatingSummaryRow = typeof ratingSummaries.$inferSelect;
