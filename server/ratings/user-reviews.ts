import { and, eq, isNull } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";

import type { Queryable } from "../../db/database.ts";
import { jobs, profiles, ratings } from "../../db/schema/index.ts";
import { LIMITS } from "../../domain/limits.ts";
import type { PageCursor } from "../../domain/page-cursor.ts";
import { afterCursor, cursorTimestamp, newestFirst, takeNewestPage } from "../pagination/keyset.ts";
import { isProfileVisible } from "../profiles/visibility.ts";

export type ReviewsOfUserParams = { userId: string; viewerId: string | null; cursor?: PageCursor | null; limit?: number };

const reviewer = alias(profiles, "reviewer");

/**
 * Reviews a person received, newest first, a page at a time (keyset on created_at and id). Null when
 * there is no such person or their profile is hidden from `viewerId` (its owner still sees it). A
 * reviewer whose own profile is hidden appears as `reviewer: null` ("A Daywork member"), never by name,
 * and without the job's id, whose page names its employer (docs/decisions/059); the reviewed person
 * and the reviewer still see which job it was.
 */
export async function reviewsOfUser(db: Queryable, { userId, viewerId, cursor, limit = LIMITS.pageSize }: ReviewsOfUserParams) {
  if (!(await isProfileVisible(db, userId, viewerId))) return null;
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
      cursorAt: cursorTimestamp(ratings.createdAt),
      cursorId: ratings.id,
    })
    .from(ratings)
    .innerJoin(reviewer, eq(reviewer.id, ratings.fromUserId))
    .innerJoin(jobs, eq(jobs.id, ratings.jobId))
    .where(
      and(
        eq(ratings.toUserId, userId),
        // A review an operator removed is shown to no one (docs/decisions/074).
        isNull(ratings.removedAt),
        cursor ? afterCursor(ratings.createdAt, ratings.id, cursor) : undefined,
      ),
    )
    .orderBy(...newestFirst(ratings.createdAt, ratings.id))
    .limit(limit + 1);
  const page = takeNewestPage(rows, limit);
  return {
    // A reviewer who hid their profile is an anonymous member to everyone but themselves.
    items: page.items.map(({ reviewerId, reviewerName, reviewerProfileVisible, jobId, ...review }) => ({
      ...review,
      jobId: reviewerProfileVisible || viewerId === reviewerId || viewerId === userId ? jobId : null,
      reviewer: reviewerProfileVisible || reviewerId === viewerId ? { id: reviewerId, fullName: reviewerName } : null,
    })),
    nextCursor: page.nextCursor,
  };
}
