import { type AnyColumn, eq, sql } from "drizzle-orm";
import type { Queryable } from "../../db/database.ts";
import { ratings } from "../../db/schema/index.ts";

/**
 * The average and number of ratings a person received, as a subquery to LEFT JOIN LATERAL beside each
 * row that names the person in `personId`: one index probe (ratings_to_user_idx) per row of the page,
 * computed in the same round trip. People without ratings get average null and count 0.
 */
export function ratingSummary(db: Queryable, personId: AnyColumn, alias = "rating_summary") {
  return db
    .select({
      average: sql<number | null>`avg(${ratings.rating})::float8`.as("rating_average"),
      count: sql<number>`count(*)::int`.as("rating_count"),
    })
    .from(ratings)
    .where(eq(ratings.toUserId, personId))
    .as(alias);
}
