import { sql, type AnyColumn, type Placeholder, type SQL } from "drizzle-orm";

import type { PageCursor } from "../../domain/page-cursor.ts";

/**
 * Keyset pagination, the one way every list pages: fetch `limit + 1` rows in a fixed order from where
 * the cursor points, keep `limit`, and answer the last row's key as the next cursor. Newest-first lists
 * key on (timestamp, uuid) with a PageCursor; the chat history keys on the message id alone.
 */

/** A timestamp as UTC text with microseconds: the exact key the next page continues after. */
export function cursorTimestamp(column: AnyColumn) {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/**
 * Rows strictly after the cursor in newest-first order: a row comparison a btree index can seek to. The
 * cursor's values may be placeholders of a prepared statement.
 */
export function afterCursor(at: AnyColumn, id: AnyColumn, cursor: { at: string | Placeholder; id: string | Placeholder }): SQL {
  return sql`(${at}, ${id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`;
}

/**
 * ORDER BY at desc, id desc, spelled NULLS LAST like our indexes: a plain DESC means NULLS FIRST,
 * which the planner will not serve from a NULLS LAST index even on NOT NULL columns.
 */
export function newestFirst(at: AnyColumn, id: AnyColumn): [SQL, SQL] {
  return [sql`${at} desc nulls last`, sql`${id} desc nulls last`];
}

/** The page of `rows` (fetched with `limit + 1`) and the key after its last row; null on the last page. */
export function takePage<T, C>(rows: readonly T[], limit: number, keyOf: (row: T) => C): { items: T[]; nextCursor: C | null } {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last !== undefined ? keyOf(last) : null };
}

/** Columns a newest-first row carries for its cursor: select them as `cursorTimestamp(at)` and the id. */
export type CursorKey = { cursorAt: string; cursorId: string };

/** `takePage` for newest-first rows that carry a CursorKey, which is dropped from the items. */
export function takeNewestPage<T extends CursorKey>(rows: readonly T[], limit: number) {
  const { items, nextCursor } = takePage(rows, limit, (row): PageCursor => ({ at: row.cursorAt, id: row.cursorId }));
  return { items: items.map(({ cursorAt: _at, cursorId: _id, ...item }) => item), nextCursor };
}
