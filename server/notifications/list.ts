import { and, count, eq, isNull, sql } from "drizzle-orm";

import type { Queryable } from "../../db/database.ts";
import { notifications } from "../../db/schema/index.ts";
import { NOTIFICATION_COUNT_CAP, NOTIFICATIONS_PAGE } from "../../domain/limits.ts";
import { notificationPayloadSchema, type NotificationView } from "../../domain/notifications.ts";
import type { PageCursor } from "../../domain/page-cursor.ts";
import { afterCursor, cursorTimestamp, newestFirst, takeNewestPage } from "../pagination/keyset.ts";
import { announceToPeople } from "../realtime/user-events.ts";

/** A person's notifications, newest first, a page at a time. */
export async function listNotifications(
  db: Queryable,
  params: { userId: string; cursor?: PageCursor | null | undefined; limit?: number },
): Promise<{ items: NotificationView[]; nextCursor: PageCursor | null }> {
  const limit = params.limit ?? NOTIFICATIONS_PAGE;
  const rows = await db
    .select({
      id: notifications.id,
      payload: notifications.payload,
      readAt: notifications.readAt,
      createdAt: notifications.createdAt,
      cursorAt: cursorTimestamp(notifications.createdAt),
      cursorId: notifications.id,
    })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, params.userId),
        params.cursor ? afterCursor(notifications.createdAt, notifications.id, params.cursor) : undefined,
      ),
    )
    .orderBy(...newestFirst(notifications.createdAt, notifications.id))
    .limit(limit + 1);
  const page = takeNewestPage(rows, limit);
  const items = page.items.flatMap((row): NotificationView[] => {
    // Rows are ours, but a kind this build no longer knows is skipped rather than failing the page.
    const parsed = notificationPayloadSchema.safeParse(row.payload);
    return parsed.success ? [{ id: row.id, payload: parsed.data, read: row.readAt !== null, createdAt: row.createdAt }] : [];
  });
  return { items, nextCursor: page.nextCursor };
}

/** How many are unread, counted up to NOTIFICATION_COUNT_CAP + 1 (the bell shows "99+"), from the partial index. */
export async function unreadCount(db: Queryable, userId: string): Promise<number> {
  const capped = db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .limit(NOTIFICATION_COUNT_CAP + 1)
    .as("capped");
  const [row] = await db.select({ n: count() }).from(capped);
  return row?.n ?? 0;
}

/** Marks one of the person's notifications read; null when it is not theirs (or gone). */
export async function markNotificationRead(db: Queryable, userId: string, id: string, now: Date) {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return row ?? null;
}

/** Marks all the person's notifications read; answers how many were unread. */
export async function markAllNotificationsRead(db: Queryable, userId: string, now: Date): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

/**
 * Reading a conversation reads its grouped notice ("3 new messages"); the person's open tabs hear of
 * it, so the bell drops in each of them.
 */
export async function markConversationNoticeRead(db: Queryable, userId: string, conversationId: string): Promise<void> {
  const marked = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(eq(notifications.userId, userId), eq(notifications.dedupeKey, `chat:${conversationId}`), isNull(notifications.readAt)),
    )
    .returning({ id: notifications.id });
  if (marked.length > 0) await announceToPeople(db, [userId], "notice");
}
