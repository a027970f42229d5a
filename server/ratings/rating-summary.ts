import { and, eq, sql, type AnyColumn } from "drizzle-orm";

import type { Queryable } from "../../db/database.ts";
import { profiles, ratingSummaries } from "../../db/schema/index.ts";
import { profileVisibleTo } from "../profiles/visibility.ts";

/** A person's rating as every screen shows it: the average (null without reviews) and the review count. */
export type RatingSummary = { average: number | null; count: number };

/**
 * The one place a rating is read: a person's average and count from rating_summaries, kept by triggers, so a
 * page pays one primary-key probe per row however many reviews (docs/decisions/025).
 */
export function ratingOf(db: Queryable, personId: AnyColumn, alias = "rating_summary") {
  return db
    .select({
      average: sql<number | null>`(${ratingSummaries.ratingSum}::numeric / nullif(${ratingSummaries.ratingCount}, 0))::float8`.as(
        "rating_average",
      ),
      count: sql<number>`${ratingSummaries.ratingCount}`.as("rating_count"),
    })
    .from(ratingSummaries)
    .where(eq(ratingSummaries.userId, personId))
    .as(alias);
}

/**
 * The rating of a `ratingOf` subquery as one field of a select, `{ average, count }`: every answer that
 * shows a person's rating carries it in this shape.
 */
export function ratingField(rating: ReturnType<typeof ratingOf>) {
  return sql<RatingSummary>`json_build_object('average', ${rating.average}, 'count', coalesce(${rating.count}, 0))`.mapWith(
    (value: RatingSummary | string): RatingSummary => (typeof value === "string" ? (JSON.parse(value) as RatingSummary) : value),
  );
}

/** A person's rating, or null when there is no such person or their profile is hidden from `viewerId`. */
export async function personRating(db: Queryable, userId: string, viewerId: string | null): Promise<RatingSummary | null> {
  const rating = ratingOf(db, profiles.id);
  const [row] = await db
    .select({ rating: ratingField(rating) })
    .from(profiles)
    .leftJoinLateral(rating, sql`true`)
    .where(and(eq(profiles.id, userId), profileVisibleTo(viewerId)))
    .limit(1);
  return row?.rating ?? null;
}
