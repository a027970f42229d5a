import { and, eq, sql } from "drizzle-orm";
import type { Database, Tx } from "../../db/database.ts";
import { chatMessages, conversationParticipants, conversations } from "../../db/schema/index.ts";
import { chatImagePrefix } from "../../domain/chat.ts";
import { ERR } from "../../domain/errors.ts";
import type { FileStore } from "../storage/file-store.ts";
import { fail } from "../trpc/init.ts";
import { assertParticipant } from "./access.ts";
import { claimChatImage, storedFileExists } from "./chat-images.ts";

export type SendParams = { conversationId: string; senderId: string; content: string; imageKey?: string | undefined; now: Date };
export type SentMessage = { id: number; conversationId: string; createdAt: Date };

/**
 * Sends a message as a participant, in one transaction:
 * 1. `UPDATE conversations SET updated_at` first, only while the sender is a participant: the row lock
 *    serialises inserts per conversation, so message ids commit in id order and `id > cursor` never
 *    skips a message that commits later;
 * 2. claims the image (an unclaimed upload under the sender's own `chat-images/{senderId}/`);
 * 3. inserts the message, and marks it read for its sender.
 * The caller publishes to the bus after this returns (after commit).
 */
export async function sendMessage(db: Database, files: FileStore, params: SendParams): Promise<SentMessage> {
  const { conversationId, senderId, content, imageKey, now } = params;
  if (imageKey !== undefined) {
    // An outsider hears Access Denied, not what is wrong with the image.
    await assertParticipant(db, conversationId, senderId);
    const own = imageKey.startsWith(chatImagePrefix(senderId)) && !imageKey.includes("..");
    if (!own || !(await storedFileExists(files, imageKey))) throw fail("BAD_REQUEST", ERR.chatImageInvalid);
  }
  return db.transaction(async (tx) => {
    const [conversation] = await tx
      .update(conversations)
      .set({ updatedAt: sql`clock_timestamp()` })
      .where(
        and(
          eq(conversations.id, conversationId),
          sql`exists (select 1 from ${conversationParticipants} where ${conversationParticipants.conversationId} = ${conversationId} and ${conversationParticipants.userId} = ${senderId})`,
        ),
      )
      .returning({ updatedAt: conversations.updatedAt });
    if (!conversation) throw fail("FORBIDDEN", ERR.chatAccessDenied);
    if (imageKey !== undefined && !(await claimChatImage(tx, imageKey, now))) throw fail("BAD_REQUEST", ERR.chatImageInvalid);
    return insertMessage(tx, { conversationId, senderId, content, imagePath: imageKey ?? null, createdAt: conversation.updatedAt });
  });
}

/** Inserts a message at `createdAt` (the conversation's new updated_at) and marks it read for the sender. */
export async function insertMessage(
  tx: Tx,
  values: { conversationId: string; senderId: string; content: string; imagePath: string | null; createdAt: Date },
): Promise<SentMessage> {
  const [message] = await tx
    .insert(chatMessages)
    .values(values)
    .returning({ id: chatMessages.id, conversationId: chatMessages.conversationId, createdAt: chatMessages.createdAt });
  if (!message) throw new Error("chat message insert returned nothing");
  await tx
    .update(conversationParticipants)
    .set({ lastReadMessageId: sql`greatest(${conversationParticipants.lastReadMessageId}, ${message.id})` })
    .where(and(eq(conversationParticipants.conversationId, values.conversationId), eq(conversationParticipants.userId, values.senderId)));
  return message;
}
