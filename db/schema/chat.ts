import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

import { conversationKindEnum } from "./enums.ts";
import { jobs } from "./jobs.ts";
import { profiles } from "./profiles.ts";

/**
 * A job's group chat (one per job) or a direct conversation between a person and a job's owner
 * about that job (one per job and pair, keyed by the two user ids in sorted order).
 */
export const conversations = pgTable(
  "conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    jobId: uuid("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    kind: conversationKindEnum("kind").notNull().default("group"),
    directKey: text("direct_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("conversations_direct_key", sql`(${t.kind} = 'direct') = (${t.directKey} is not null)`),
    uniqueIndex("conversations_group_per_job_uq")
      .on(t.jobId)
      .where(sql`${t.kind} = 'group'`),
    uniqueIndex("conversations_direct_uq")
      .on(t.jobId, t.directKey)
      .where(sql`${t.kind} = 'direct'`),
  ],
);
export type Conversation = typeof conversations.$inferSelect;

export const conversationParticipants = pgTable(
  "conversation_participants",
  {
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
    lastReadMessageId: bigint("last_read_message_id", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] }), index("conversation_participants_user_idx").on(t.userId)],
);

export const chatMessages = pgTable(
  "chat_messages",
  {
    // Monotonic per conversation (inserts serialise on the conversation row), so it doubles as the
    // subscription's resume cursor.
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    senderId: text("sender_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    content: text("content").notNull().default(""),
    imagePath: text("image_path"),
    /** The image's size, counted against the sender's chat image storage (domain/limits.ts). */
    imageBytes: integer("image_bytes"),
    /** The sender's idempotency key for this message: a resend with it stores nothing new (docs/decisions/059). */
    idempotencyKey: text("idempotency_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** An operator removed it (docs/decisions/074): shown as removed to everyone, kept for an appeal. */
    removedAt: timestamp("removed_at", { withTimezone: true }),
  },
  (t) => [
    check("chat_messages_content_len", sql`char_length(${t.content}) <= 2000`),
    check("chat_messages_image_bytes", sql`${t.imageBytes} is null or ${t.imageBytes} between 1 and 5242880`),
    // LIMITS.messageKey (domain/limits.ts).
    check("chat_messages_idempotency_key_len", sql`char_length(${t.idempotencyKey}) <= 64`),
    check("chat_messages_not_empty", sql`${t.content} <> '' or ${t.imagePath} is not null`),
    index("chat_messages_conversation_idx").on(t.conversationId, t.id.desc()),
    index("chat_messages_sender_idx").on(t.senderId),
    uniqueIndex("chat_messages_sender_key_idx")
      .on(t.senderId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
  ],
);
export type ChatMessage = typeof chatMessages.$inferSelect;
