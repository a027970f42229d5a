import { and, eq, sql } from "drizzle-orm";

import type { Queryable } from "../../db/database.ts";
import { chatMessages, conversationParticipants } from "../../db/schema/index.ts";
import { markConversationNoticeRead } from "../notifications/list.ts";
import { refusal, type Refusal } from "../refusal.ts";

/**
 * Moves the caller's read marker forward to `messageId` (never back, never past the conversation's own
 * messages, so a made-up id cannot hide later messages); refused for non-participants. The person's
 * grouped notice about this conversation is read with it.
 */
export async function markRead(
  db: Queryable,
  params: { conversationId: string; userId: string; messageId: number },
): Promise<{ lastReadMessageId: number } | Refusal<"not_participant">> {
  const newest = sql`coalesce((
    select max(${chatMessages.id}) from ${chatMessages}
    where ${chatMessages.conversationId} = ${params.conversationId} and ${chatMessages.id} <= ${params.messageId}
  ), 0)`;
  const [row] = await db
    .update(conversationParticipants)
    .set({ lastReadMessageId: sql`greatest(${conversationParticipants.lastReadMessageId}, ${newest})` })
    .where(
      and(eq(conversationParticipants.conversationId, params.conversationId), eq(conversationParticipants.userId, params.userId)),
    )
    .returning({ lastReadMessageId: conversationParticipants.lastReadMessageId });
  if (!row) return refusal("not_participant");
  await markConversationNoticeRead(db, params.userId, params.conversationId);
  return row;
}
