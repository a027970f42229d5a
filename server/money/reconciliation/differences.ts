import type { Queryable } from "../../../db/database.ts";
import { reconciliationDifferences as differences } from "../../../db/schema/index.ts";
import { LIMITS } from "../../../domain/limits.ts";
import type { PageCursor } from "../../../domain/page-cursor.ts";
import { afterCursor, cursorTimestamp, newestFirst, takeNewestPage } from "../../pagination/keyset.ts";

/** What the daily reconciliation found, newest first, a page at a time (docs/decisions/082). */
export async function reconciliationDifferences(db: Queryable, p: { cursor?: PageCursor | null; limit?: number }) {
  const limit = p.limit ?? LIMITS.pageSize;
  const rows = await db
    .select({
      id: differences.id,
      foundOn: differences.foundOn,
      provider: differences.provider,
      subjectType: differences.subjectType,
      subjectId: differences.subjectId,
      providerObjectId: differences.providerObjectId,
      field: differences.field,
      ours: differences.ours,
      theirs: differences.theirs,
      cursorAt: cursorTimestamp(differences.createdAt),
      cursorId: differences.id,
    })
    .from(differences)
    .where(p.cursor ? afterCursor(differences.createdAt, differences.id, p.cursor) : undefined)
    .orderBy(...newestFirst(differences.createdAt, differences.id))
    .limit(limit + 1);
  return takeNewestPage(rows, limit);
}
