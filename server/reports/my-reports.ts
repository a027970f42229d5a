import { and, eq } from "drizzle-orm";

import type { Queryable } from "../../db/database.ts";
import { reports } from "../../db/schema/index.ts";
import { LIMITS } from "../../domain/limits.ts";
import type { PageCursor } from "../../domain/page-cursor.ts";
import { afterCursor, cursorTimestamp, newestFirst, takeNewestPage } from "../pagination/keyset.ts";

/**
 * The reporter's own reports, newest first, a page at a time (keyset on created_at and id): what they
 * reported, why, and how it stands. Nobody else's: the reporter's id is the filter.
 */
export async function myReports(db: Queryable, p: { reporterId: string; cursor?: PageCursor | null; limit?: number }) {
  const limit = p.limit ?? LIMITS.pageSize;
  const rows = await db
    .select({
      id: reports.id,
      subjectType: reports.subjectType,
      subjectId: reports.subjectId,
      reason: reports.reason,
      comment: reports.comment,
      createdAt: reports.createdAt,
      status: reports.status,
      closedAt: reports.closedAt,
      outcome: reports.outcome,
      cursorAt: cursorTimestamp(reports.createdAt),
      cursorId: reports.id,
    })
    .from(reports)
    .where(and(eq(reports.reporterId, p.reporterId), p.cursor ? afterCursor(reports.createdAt, reports.id, p.cursor) : undefined))
    .orderBy(...newestFirst(reports.createdAt, reports.id))
    .limit(limit + 1);
  return takeNewestPage(rows, limit);
}
