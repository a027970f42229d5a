import { sql } from "drizzle-orm";

import { queryRows, type Database, type Tx } from "../../db/database.ts";
import type { BackgroundQueue } from "../background-jobs.ts";
import { announceToPeople } from "../realtime/user-events.ts";
import { notifyPeople } from "./notify.ts";

/** How long a message may stay unread before its recipient is told (they may be looking at the chat). */
export const CHAT_DIGEST_DELAY_SECONDS = 60;

/**
 * Inside a message's transaction: every other participant's open pages hear of it now (their chat
 * list), and each gets a digest job due in CHAT_DIGEST_DELAY_SECONDS. The queue keeps at most one
 * waiting per conversation and person, so a burst of messages becomes one notice.
 */
export async function afterChatMessage(
  tx: Tx,
  queue: BackgroundQueue,
  message: { conversationId: string; senderId: string },
): Promise<void> {
  const others = await queryRows<{ user_id: string }>(
    tx,
    sql`select user_id from conversation_participants
        where conversation_id = ${message.conversationId} and user_id <> ${message.senderId}`,
  );
  const ids = others.map((row) => row.user_id);
  await announceToPeople(tx, ids, "chat");
  await queue.sendMany(
    tx,
    "chat-digest",
    ids.map((userId) => ({
      data: { conversationId: message.conversationId, userId },
      singletonKey: `${message.conversationId}:${userId}`,
      startAfter: CHAT_DIGEST_DELAY_SECONDS,
    })),
  );
}

/**
 * The digest job: if the person still has unread messages from others in the conversation (they were
 * not looking: reading marks them read), one notice per conversation says how many and who wrote last.
 */
export async function chatDigest(
  db: Database,
  queue: BackgroundQueue,
  params: { conversationId: string; userId: string },
): Promise<void> {
  const [unread] = await queryRows<{ count: number; sender_id: string | null; sender_name: string | null; title: string | null }>(
    db,
    sql`select count(*)::int as count,
          (array_agg(m.sender_id order by m.id desc))[1] as sender_id,
          (array_agg(p.full_name order by m.id desc))[1] as sender_name,
          (select j.title from conversations c join jobs j on j.id = c.job_id where c.id = ${params.conversationId}) as title
        from conversation_participants cp
        join chat_messages m on m.conversation_id = cp.conversation_id and m.id > cp.last_read_message_id
        join profiles p on p.id = m.sender_id
        where cp.conversation_id = ${params.conversationId} and cp.user_id = ${params.userId} and m.sender_id <> ${params.userId}`,
  );
  if (!unread || unread.count === 0 || !unread.sender_name || !unread.title) return;
  const { count, sender_id: senderId, sender_name: senderName, title } = unread;
  await db.transaction((tx) =>
    notifyPeople(
      tx,
      queue,
      [params.userId],
      { kind: "chat_messages", conversationId: params.conversationId, title, senderName, count },
      { actorId: senderId, dedupeKey: `chat:${params.conversationId}`, onRepeat: "renew" },
    ),
  );
}
