import { and, eq, sql } from "drizzle-orm";

import type { Database, Tx } from "../../db/database.ts";
import { lockPeopleFirst } from "../../db/lock-order.ts";
import { chatMessages, conversationParticipants, conversations } from "../../db/schema/index.ts";
import { chatImagePrefix } from "../../domain/chat.ts";
import type { RateLimits } from "../../domain/limits.ts";
import type { BackgroundQueue } from "../background-jobs.ts";
import { blockedBetween } from "../blocks/between.ts";
import { rateRefusal } from "../limits/rate-limit.ts";
import { afterChatMessage } from "../notifications/chat-digest.ts";
import { inTransaction, refusal, type Refusal } from "../refusal.ts";
import type { FileStore } from "../storage/file-store.ts";
import { isParticipant } from "./access.ts";
import { claimChatImage, storedFileSize } from "./chat-images.ts";
import { AlreadySent, sendOnce } from "./idempotent-send.ts";

export type SendParams = {
  conversationId: string;
  senderId: string;
  content: string;
  imageKey?: string | undefined;
  /** The client's key for this message: a resend with it answers the stored message (docs/decisions/059). */
  idempotencyKey?: string | undefined;
  now: Date;
};
/** A stored message; `repeated` when a resend with its idempotency key found it stored (nothing new to announce). */
export type SentMessage = { id: number; conversationId: string; createdAt: Date; repeated: boolean };

/**
 * Sends a message as a participant in one transaction. The conversation's row is locked first: it serialises
 * sends, so ids commit in id order and a reader's `id > cursor` never skips one. A block parts a private
 * conversation (docs/decisions/068); the caller publishes after commit unless the message is `repeated`.
 */
export async function sendMessage(
  db: Database,
  { files, rateLimits, queue }: { files: FileStore; rateLimits: RateLimits; queue: BackgroundQueue },
  params: SendParams,
): Promise<
  SentMessage | Refusal<"not_participant" | "image_invalid" | "messages_too_fast" | "message_key_reused" | "cannot_message">
> {
  const { conversationId, senderId, content, imageKey, idempotencyKey } = params;
  const keyed = idempotencyKey === undefined ? null : { senderId, key: idempotencyKey, content, imagePath: imageKey ?? null };
  // A repeat is answered before it is counted or its image checked: the image was claimed by the first.
  return sendOnce(
    db,
    keyed,
    () => Promise.resolve(conversationId),
    () => sendNew(db, { files, rateLimits, queue }, params),
  );
}

/** A message not sent before: counted, its image checked and claimed, stored and told. */
async function sendNew(
  db: Database,
  { files, rateLimits, queue }: { files: FileStore; rateLimits: RateLimits; queue: BackgroundQueue },
  { conversationId, senderId, content, imageKey, idempotencyKey, now }: SendParams,
): Promise<SentMessage | Refusal<"not_participant" | "image_invalid" | "messages_too_fast" | "cannot_message">> {
  const tooFast = await rateRefusal(db, rateLimits, senderId, "chatMessage");
  if (tooFast) return tooFast;
  let imageBytes: number | null = null;
  if (imageKey !== undefined) {
    // An outsider hears Access Denied, not what is wrong with the image.
    if (!(await isParticipant(db, conversationId, senderId))) return refusal("not_participant");
    const own = imageKey.startsWith(chatImagePrefix(senderId)) && !imageKey.includes("..");
    imageBytes = own ? await storedFileSize(files, imageKey) : null;
    if (imageBytes === null) return refusal("image_invalid");
  }
  return inTransaction(db, async (tx, refuse: (reason: "not_participant" | "image_invalid" | "cannot_message") => never) => {
    // Before the conversation row (docs/decisions/015); a sender deleted meanwhile is no participant.
    if (!(await lockPeopleFirst(tx, [senderId]))) return refuse("not_participant");
    if (await directConversationBlocked(tx, conversationId, senderId)) return refuse("cannot_message");
    const [conversation] = await tx
      .update(conversations)
      .set({ updatedAt: sql`clock_timestamp()` })
      .where(
        and(
          eq(conversations.id, conversationId),
          sql`exists (
            select 1 from ${conversationParticipants}
            where ${conversationParticipants.conversationId} = ${conversationId} and ${conversationParticipants.userId} = ${senderId}
          )`,
        ),
      )
      .returning({ updatedAt: conversations.updatedAt });
    if (!conversation) return refuse("not_participant");
    if (imageKey !== undefined && !(await claimChatImage(tx, imageKey, now))) return refuse("image_invalid");
    return insertMessage(tx, queue, {
      conversationId,
      senderId,
      content,
      imagePath: imageKey ?? null,
      imageBytes,
      idempotencyKey: idempotencyKey ?? null,
      createdAt: conversation.updatedAt,
    });
  });
}

/**
 * True when `senderId` is a participant of the private conversation and a block parts them from the
 * other person (docs/decisions/068). Outsiders get false here and Access Denied from the send itself.
 */
async function directConversationBlocked(tx: Tx, conversationId: string, senderId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: conversations.id })
    .from(conversations)
    .innerJoin(
      conversationParticipants,
      and(eq(conversationParticipants.conversationId, conversations.id), sql`${conversationParticipants.userId} <> ${senderId}`),
    )
    .where(
      and(
        eq(conversations.id, conversationId),
        eq(conversations.kind, "direct"),
        sql`exists (
          select 1 from ${conversationParticipants} me
          where me.conversation_id = ${conversationId} and me.user_id = ${senderId}
        )`,
        blockedBetween(senderId, conversationParticipants.userId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Inserts a message at `createdAt` (the conversation's new updated_at), marks it read for the sender,
 * and tells the other participants (their chat lists now, a notice if they leave it unread).
 */
export async function insertMessage(
  tx: Tx,
  queue: BackgroundQueue,
  values: {
    conversationId: string;
    senderId: string;
    content: string;
    imagePath: string | null;
    imageBytes?: number | null;
    idempotencyKey?: string | null;
    createdAt: Date;
  },
): Promise<SentMessage> {
  const [message] = await tx
    .insert(chatMessages)
    .values(values)
    // A key already stored: a resend racing its first send (server/chat/idempotent-send.ts).
    .onConflictDoNothing({
      target: [chatMessages.senderId, chatMessages.idempotencyKey],
      where: sql`${chatMessages.idempotencyKey} is not null`,
    })
    .returning({ id: chatMessages.id, conversationId: chatMessages.conversationId, createdAt: chatMessages.createdAt });
  if (!message && values.idempotencyKey) throw new AlreadySent();
  if (!message) throw new Error("chat message insert returned nothing");
  await tx
    .update(conversationParticipants)
    .set({ lastReadMessageId: sql`greatest(${conversationParticipants.lastReadMessageId}, ${message.id})` })
    .where(
      and(
        eq(conversationParticipants.conversationId, values.conversationId),
        eq(conversationParticipants.userId, values.senderId),
      ),
    );
  await afterChatMessage(tx, queue, { conversationId: values.conversationId, senderId: values.senderId });
  return { ...message, repeated: false };
}
