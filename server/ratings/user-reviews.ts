import { and, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Queryable } from "../../db/database.ts";
import { jobs, profiles, ratings } from "../../db/schema/index.ts";
import { ERR } from "../../domain/errors.ts";
import { LIMITS } from "../../domain/limits.ts";
import { assertProfileVisible, profileVisibleTo } from "../profiles/visibility.ts";
import { fail } from "../trpc/init.ts";

export type ReviewsOfUserParams = { userId: string; viewerId: string | null; cursor?: string | null; limit?: number };

const reviewer = alias(profiles, "reviewer");

/**
 * Reviews a person received, newest first, a page at a time (keyset on created_at and id, the cursor
 * being the last review's id). A hidden profile's reviews are shown to its owner only.
 */
export async function reviewsOfUser(db: Queryable, { userId, viewerId, cursor, limit = LIMITS.pageSize }: ReviewsOfUserParams) {
  await assertProfileVisible(db, userId, viewerId);
  const after = cursor
    ? sql`(${ratings.createdAt}, ${ratings.id}) < (select c.created_at, c.id from ratings c where c.id = ${cursor} and c.to_user_id = ${userId})`
    : undefined;
  const rows = await db
    .select({
      id: ratings.id,
      rating: ratings.rating,
      comment: ratings.comment,
      createdAt: ratings.createdAt,
      jobId: ratings.jobId,
      jobTitle: jobs.title,
      reviewerId: reviewer.id,
      reviewerName: reviewer.fullName,
      reviewerProfileVisible: reviewer.privacyProfileVisible,
    })
    .from(ratings)
    .innerJoin(reviewer, eq(reviewer.id, ratings.fromUserId))
    .innerJoin(jobs, eq(jobs.id, ratings.jobId))
    .where(and(eq(ratings.toUserId, userId), after))
    .orderBy(desc(ratings.createdAt), desc(ratings.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return {
    items: page.map(({ reviewerId, reviewerName, reviewerProfileVisible, ...review }) => ({
      ...review,
      reviewer: { id: reviewerId, fullName: reviewerName, profileVisible: reviewerProfileVisible },
    })),
    nextCursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
  };
}

/** A person's average rating and review count, computed in SQL; hidden profiles as above. */
export async function ratingSummary(db: Queryable, userId: string, viewerId: string | null) {
  const [row] = await db
    .select({
      average: sql<number | null>`avg(${ratings.rating})::float8`,
      count: sql<number>`count(${ratings.id})::int`,
    })
    .from(profiles)
    .leftJoin(ratings, eq(ratings.toUserId, profiles.id))
    .where(and(eq(profiles.id, userId), profileVisibleTo(viewerId)))
    .groupBy(profiles.id);
  if (!row) throw fail("NOT_FOUND", ERR.notFound);
  return { average: row.average, count: row.count };
}
