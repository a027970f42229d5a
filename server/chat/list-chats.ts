import { and, desc, eq, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";

import type { Queryable } from "../../db/database.ts";
import { chatMessages, conversationParticipants, conversations, jobs, profiles } from "../../db/schema/index.ts";
import { initialsOf, UNREAD_COUNT_CAP } from "../../domain/chat.ts";
import type { PageCursor } from "../../domain/page-cursor.ts";
import { afterCursor, cursorTimestamp, newestFirst, takeNewestPage } from "../pagination/keyset.ts";

export type ChatListItem = {
  conversationId: string;
  kind: "group" | "direct";
  jobId: string;
  jobTitle: string;
  updatedAt: Date;
  /** Direct conversations: the person on the other side. */
  otherParticipant: { id: string; fullName: string; initials: string } | null;
  /** Everyone in the conversation, the caller included. */
  participantCount: number;
  /** The latest message; one an operator removed comes without its text and image, `removed` (docs/decisions/074). */
  lastMessage: { id: number; content: string; hasImage: boolean; createdAt: Date; fromMe: boolean; removed: boolean } | null;
  /** Others' messages after the caller's read marker, counted up to UNREAD_COUNT_CAP ("99+"). */
  unreadCount: number;
};

/**
 * The caller's conversations (group and direct), most recently updated first, in one query: job title,
 * the other participant of a direct conversation, the participant count, the latest message (LATERAL,
 * newest id) and the unread count. Keyset-paginated on (updated_at, id).
 */
export async function listChats(
  db: Queryable,
  params: { userId: string; limit: number; cursor?: PageCursor | null | undefined },
): Promise<{ items: ChatListItem[]; nextCursor: PageCursor | null }> {
  const me = alias(conversationParticipants, "me");
  const last = db
    .select({
      id: sql<number>`${chatMessages.id}`.mapWith(Number).as("last_id"),
      content: sql<string>`case when ${chatMessages.removedAt} is null then ${chatMessages.content} else '' end`.as(
        "last_content",
      ),
      hasImage: sql<boolean>`${chatMessages.imagePath} is not null and ${chatMessages.removedAt} is null`.as("last_has_image"),
      removed: sql<boolean>`${chatMessages.removedAt} is not null`.as("last_removed"),
      createdAt: sql<Date>`${chatMessages.createdAt}`.mapWith(chatMessages.createdAt).as("last_created_at"),
      senderId: sql<string>`${chatMessages.senderId}`.as("last_sender_id"),
    })
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, conversations.id))
    .orderBy(desc(chatMessages.id))
    .limit(1)
    .as("last");
  const other = db
    .select({
      id: sql<string>`${profiles.id}`.as("other_id"),
      fullName: sql<string>`${profiles.fullName}`.as("other_full_name"),
    })
    .from(conversationParticipants)
    .innerJoin(profiles, eq(profiles.id, conversationParticipants.userId))
    .where(
      and(
        eq(conversations.kind, "direct"),
        eq(conversationParticipants.conversationId, conversations.id),
        ne(conversationParticipants.userId, params.userId),
      ),
    )
    .limit(1)
    .as("other");

  const { cursor } = params;
  const rows = await db
    .select({
      conversationId: conversations.id,
      kind: conversations.kind,
      jobId: conversations.jobId,
      jobTitle: jobs.title,
      updatedAt: conversations.updatedAt,
      cursorAt: cursorTimestamp(conversations.updatedAt),
      cursorId: conversations.id,
      otherId: other.id,
      otherFullName: other.fullName,
      participantCount: sql<number>`(
        select count(*) from ${conversationParticipants} where ${conversationParticipants.conversationId} = ${conversations.id}
      )`.mapWith(Number),
      unreadCount: sql<number>`(select count(*) from (
        select 1 from ${chatMessages}
        where ${chatMessages.conversationId} = ${conversations.id}
          and ${chatMessages.id} > ${me.lastReadMessageId} and ${chatMessages.senderId} <> ${me.userId}
        limit ${UNREAD_COUNT_CAP}
      ) as unread)`.mapWith(Number),
      lastId: last.id,
      lastContent: last.content,
      lastHasImage: last.hasImage,
      lastCreatedAt: last.createdAt,
      lastSenderId: last.senderId,
      lastRemoved: last.removed,
    })
    .from(me)
    .innerJoin(conversations, eq(conversations.id, me.conversationId))
    .innerJoin(jobs, eq(jobs.id, conversations.jobId))
    .leftJoinLateral(last, sql`true`)
    .leftJoinLateral(other, sql`true`)
    .where(and(eq(me.userId, params.userId), cursor ? afterCursor(conversations.updatedAt, conversations.id, cursor) : undefined))
    .orderBy(...newestFirst(conversations.updatedAt, conversations.id))
    .limit(params.limit + 1);

  const page = takeNewestPage(rows, params.limit);
  const items = page.items.map((r): ChatListItem => ({
    conversationId: r.conversationId,
    kind: r.kind,
    jobId: r.jobId,
    jobTitle: r.jobTitle,
    updatedAt: r.updatedAt,
    otherParticipant:
      r.otherId && r.otherFullName ? { id: r.otherId, fullName: r.otherFullName, initials: initialsOf(r.otherFullName) } : null,
    participantCount: r.participantCount,
    lastMessage:
      r.lastId !== null && r.lastCreatedAt !== null
        ? {
            id: r.lastId,
            content: r.lastContent ?? "",
            hasImage: r.lastHasImage ?? false,
            createdAt: r.lastCreatedAt,
            fromMe: r.lastSenderId === params.userId,
            removed: r.lastRemoved ?? false,
          }
        : null,
    unreadCount: r.unreadCount,
  }));
  return { items, nextCursor: page.nextCursor };
}
