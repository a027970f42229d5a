import { and, eq } from "drizzle-orm";

import type { Queryable } from "../../db/database.ts";
import { chatMessages } from "../../db/schema/index.ts";
import type { Reason } from "../answers.ts";
import { refusal, type Refusal } from "../refusal.ts";
import type { SentMessage } from "./send-message.ts";

/*
 * Idempotent chat sends (docs/decisions/059): the client makes one key per message and sends it again
 * with every retry; (sender, key) is unique in chat_messages. A repeat answers the stored message and
 * writes, counts and announces nothing; the same key with another message is refused.
 */

/** What a send with an idempotency key would store: compared with what a repeat finds stored. */
export type KeyedSend = { senderId: string; key: string; content: string; imagePath: string | null };

/** Thrown inside a send's transaction when its key is already stored: rolls the send back. */
export class AlreadySent extends Error {
  constructor() {
    super("chat message already sent with this idempotency key");
  }
}

/**
 * The stored message of `send`'s key: the message when it is the same one (same conversation, text
 * and image), a refusal when the key was used for another, null when the key is unused.
 */
async function sentBefore(
  db: Queryable,
  send: KeyedSend,
  conversationId: string | null,
): Promise<SentMessage | Refusal<"message_key_reused"> | null> {
  const [stored] = await db
    .select({
      id: chatMessages.id,
      conversationId: chatMessages.conversationId,
      createdAt: chatMessages.createdAt,
      content: chatMessages.content,
      imagePath: chatMessages.imagePath,
    })
    .from(chatMessages)
    .where(and(eq(chatMessages.senderId, send.senderId), eq(chatMessages.idempotencyKey, send.key)))
    .limit(1);
  if (!stored) return null;
  if (stored.conversationId !== conversationId || stored.content !== send.content || stored.imagePath !== send.imagePath) {
    return refusal("message_key_reused");
  }
  return { id: stored.id, conversationId: stored.conversationId, createdAt: stored.createdAt, repeated: true };
}

/**
 * Runs a keyed send: first answers a repeat from what is stored; a repeat racing its first send (the
 * insert found the key taken, `AlreadySent`) rolls back and answers the stored message too.
 */
export async function sendOnce<R extends SentMessage | Refusal<Reason>>(
  db: Queryable,
  send: KeyedSend | null,
  /** The conversation the message belongs in, read again after a race (a first contact makes it). */
  conversationId: () => Promise<string | null>,
  store: () => Promise<R>,
): Promise<R | SentMessage | Refusal<"message_key_reused">> {
  if (!send) return store();
  const before = await sentBefore(db, send, await conversationId());
  if (before) return before;
  try {
    return await store();
  } catch (error) {
    if (!(error instanceof AlreadySent)) throw error;
    const stored = await sentBefore(db, send, await conversationId());
    if (!stored) throw error;
    return stored;
  }
}
