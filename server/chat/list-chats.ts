import { and, desc, eq, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Queryable } from "../../db/database.ts";
import { chatMessages, conversationParticipants, conversations, jobs, profiles } from "../../db/schema/index.ts";
import { UNREAD_COUNT_CAP, initialsOf } from "../../domain/chat.ts";
import { ERR } from "../../domain/errors.ts";
import { fail } from "../trpc/init.ts";

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
  lastMessage: { id: number; content: string; hasImage: boolean; createdAt: Date; fromMe: boolean } | null;
  /** Others' messages after the caller's read marker, counted up to UNREAD_COUNT_CAP ("99+"). */
  unreadCount: number;
};

type Cursor = { u: string; i: string };

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}

function decodeCursor(text: string): Cursor {
  try {
    const value = JSON.parse(Buffer.from(text, "base64url").toString("utf8")) as Partial<Cursor>;
    if (typeof value.u === "string" && typeof value.i === "string" && /^[0-9a-f-]{36}$/.test(value.i) && value.u.length < 64) {
      return { u: value.u, i: value.i };
    }
  } catch {
    // falls through to the refusal
  }
  throw fail("BAD_REQUEST", ERR.generic);
}

/**
 * The caller's conversations (group and direct), most recently updated first, in one query: job title,
 * the other participant of a direct conversation, the participant count, the latest message (LATERAL,
 * newest id) and the unread count. Keyset-paginated on (updated_at, id); the cursor carries updated_at
 * as Postgres text so that microseconds survive the round trip.
 */
export async function listChats(
  db: Queryable,
  params: { userId: string; limit: number; cursor?: string | null | undefined },
): Promise<{ items: ChatListItem[]; nextCursor: string | null }> {
  const me = alias(conversationParticipants, "me");
  const last = db
    .select({
      id: sql<number>`${chatMessages.id}`.mapWith(Number).as("last_id"),
      content: sql<string>`${chatMessages.content}`.as("last_content"),
      hasImage: sql<boolean>`${chatMessages.imagePath} is not null`.as("last_has_image"),
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

  const cursor = params.cursor ? decodeCursor(params.cursor) : null;
  const rows = await db
    .select({
      conversationId: conversations.id,
      kind: conversations.kind,
      jobId: conversations.jobId,
      jobTitle: jobs.title,
      updatedAt: conversations.updatedAt,
      updatedAtText: sql<string>`${conversations.updatedAt}::text`,
      otherId: other.id,
      otherFullName: other.fullName,
      participantCount: sql<number>`(select count(*) from ${conversationParticipants} where ${conversationParticipants.conversationId} = ${conversations.id})`.mapWith(Number),
      unreadCount: sql<number>`(select count(*) from (select 1 from ${chatMessages} where ${chatMessages.conversationId} = ${conversations.id} and ${chatMessages.id} > ${me.lastReadMessageId} and ${chatMessages.senderId} <> ${me.userId} limit ${UNREAD_COUNT_CAP}) as unread)`.mapWith(Number),
      lastId: last.id,
      lastContent: last.content,
      lastHasImage: last.hasImage,
      lastCreatedAt: last.createdAt,
      lastSenderId: last.senderId,
    })
    .from(me)
    .innerJoin(conversations, eq(conversations.id, me.conversationId))
    .innerJoin(jobs, eq(jobs.id, conversations.jobId))
    .leftJoinLateral(last, sql`true`)
    .leftJoinLateral(other, sql`true`)
    .where(
      and(
        eq(me.userId, params.userId),
        cursor ? sql`(${conversations.updatedAt}, ${conversations.id}) < (${cursor.u}::timestamptz, ${cursor.i}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(conversations.updatedAt), desc(conversations.id))
    .limit(params.limit + 1);

  const page = rows.slice(0, params.limit);
  const items = page.map(
    (r): ChatListItem => ({
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
            }
          : null,
      unreadCount: r.unreadCount,
    }),
  );
  const end = page.at(-1);
  return { items, nextCursor: rows.length > params.limit && end ? encodeCursor({ u: end.updatedAtText, i: end.conversationId }) : null };
}
