import { sql } from "drizzle-orm";

import { queryRows, type Queryable } from "../../db/database.ts";
import { UNREAD_COUNT_CAP } from "../../domain/chat.ts";

/**
 * The Chats badge: how many of the person's conversations have a message from someone else after
 * their read marker, counted up to UNREAD_COUNT_CAP + 1 (shown "99+"). One row per conversation of
 * theirs (conversation_participants_user_idx), each answered by one probe of
 * chat_messages_conversation_idx; no message is counted, only whether one exists.
 */
export async function unreadConversationCount(db: Queryable, userId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (
          select 1 from conversation_participants me
          where me.user_id = ${userId}
            and exists (
              select 1 from chat_messages m
              where m.conversation_id = me.conversation_id
                and m.id > me.last_read_message_id
                and m.sender_id <> me.user_id
            )
          limit ${UNREAD_COUNT_CAP + 1}
        ) as unread`,
  );
  return row?.n ?? 0;
}
