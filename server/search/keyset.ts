import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import type { PageCursor } from "../../domain/page-cursor.ts";

/** created_at as UTC text with microseconds: the exact key the next page continues after. */
export function cursorTimestamp(createdAt: AnyColumn) {
  return sql<string>`to_char(${createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** Rows strictly after the cursor in newest-first order: a row comparison a btree index can seek to. */
export function afterCursor(createdAt: AnyColumn, id: AnyColumn, cursor: PageCursor): SQL {
  return sql`(${createdAt}, ${id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`;
}

/**
 * ORDER BY created_at desc, id desc, spelled NULLS LAST like our indexes: a plain DESC means NULLS FIRST,
 * which the planner will not serve from a NULLS LAST index even on NOT NULL columns.
 */
export function newestFirst(createdAt: AnyColumn, id: AnyColumn): [SQL, SQL] {
  return [sql`${createdAt} desc nulls last`, sql`${id} desc nulls last`];
}

/** Splits a fetched page of `pageSize + 1` rows into the page and the cursor of the next one. */
export function splitPage<T extends { cursorAt: string; cursorId: string }>(rows: T[], pageSize: number) {
  const hasMore = rows.length > pageSize;
  const page = hasMore ? rows.slice(0, pageSize) : rows;
  const last = hasMore ? page[page.length - 1] : undefined;
  return {
    rows: page.map(({ cursorAt: _at, cursorId: _id, ...rest }) => rest),
    nextCursor: last ? ({ createdAt: last.cursorAt, id: last.cursorId } satisfies PageCursor) : null,
  };
}
