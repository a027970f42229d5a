import { z } from "zod";

import { ERR } from "./errors.ts";
import { jobIdSchema, messageIdSchema as messageId, rowIdSchema } from "./ids.ts";
import { LIMITS } from "./limits.ts";
import { pageCursorSchema } from "./page-cursor.ts";
import { typedText } from "./text.ts";

/** Most messages one history page or one chats-list page returns. */
export const CHAT_PAGE_MAX = 50;

/** Image types a chat accepts, by the type sniffed from the file's bytes, with the stored extension. */
export const CHAT_IMAGE_TYPES = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
} as const;
export type ChatImageMime = keyof typeof CHAT_IMAGE_TYPES;

/** Storage folder of a person's chat images: `chat-images/{userId}/`; a message may only use its sender's. */
export function chatImagePrefix(userId: string): string {
  return `chat-images/${userId}/`;
}

/** Up to two capital letters from a person's name ("Anna Petrova" → "AP", "Madonna" → "M"). */
export function initialsOf(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  const letters = (words.length > 1 ? [words[0], words[words.length - 1]] : words).map((w) => Array.from(w ?? "")[0] ?? "");
  return letters.join("").toLocaleUpperCase();
}

const conversationId = rowIdSchema;

/** Text of a chat message: trimmed, at most 2000 characters; may be empty when an image is attached. */
const chatContentSchema = typedText().trim().max(LIMITS.message, ERR.chatMessageTooLong);

/**
 * A message's idempotency key: made by the client once per message and sent again with every retry of
 * it, so a resend after a lost answer stores nothing new (docs/decisions/059). Unique per sender.
 */
export const messageKeySchema = z
  .string({ error: ERR.chatSendFailed })
  .min(16, ERR.chatSendFailed)
  .max(LIMITS.messageKey, ERR.chatSendFailed)
  .regex(/^[A-Za-z0-9_-]+$/, ERR.chatSendFailed);

/** The chat composer: text, an uploaded image, or both; never neither. */
export const sendMessageSchema = z
  .object({
    conversationId,
    content: chatContentSchema.default(""),
    imageKey: typedText().min(1).max(300).optional(),
    idempotencyKey: messageKeySchema.optional(),
  })
  .refine((v) => v.content !== "" || v.imageKey !== undefined, { message: ERR.chatMessageRequired, path: ["content"] });

/** The contact dialog on a job page (docs/product.md, Chat: required, at most 2000 characters). */
export const contactEmployerSchema = z.object({
  jobId: jobIdSchema,
  content: typedText({ error: ERR.chatMessageRequired })
    .trim()
    .min(1, ERR.chatMessageRequired)
    .max(LIMITS.message, ERR.chatMessageTooLong),
  idempotencyKey: messageKeySchema.optional(),
});

/**
 * One page of history: the newest messages, or those before `cursor` (the oldest message id already
 * shown); returned oldest first. `cursor` by that name lets the client page it as an infinite query.
 */
export const historySchema = z.object({
  conversationId,
  cursor: messageId.nullish(),
  /** The same as `cursor`, as an app loaded before the rename still sends it. */
  before: messageId.nullish(),
  limit: z.number().int().min(1).max(CHAT_PAGE_MAX).default(CHAT_PAGE_MAX),
});

export const markReadSchema = z.object({ conversationId, messageId });

/** An input that names one conversation. */
export const conversationRefSchema = z.object({ conversationId });

export const imageUrlSchema = z.object({ messageId });

/** Live messages of a conversation; `lastEventId` (set by wsLink on reconnect) resumes after that message. */
export const onMessageSchema = z.object({
  conversationId,
  lastEventId: z
    .string()
    .regex(/^\d{1,15}$/)
    .nullish(),
});

/** The /chats list: most recently updated first, `cursor` from the previous page. */
export const chatsListSchema = z.object({
  limit: z.number().int().min(1).max(CHAT_PAGE_MAX).default(CHAT_PAGE_MAX),
  cursor: pageCursorSchema.nullish(),
});

/** Unread counts stop counting here; the list shows "99+" for it. */
export const UNREAD_COUNT_CAP = 100;
