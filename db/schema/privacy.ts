import { sql } from "drizzle-orm";
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

import { consentTypeEnum, processingActionEnum } from "./enums.ts";
import { profiles } from "./profiles.ts";

/** Each consent a person gave or withdrew, as its own record (152-FZ: consent is a separate document). */
export const consentHistory = pgTable(
  "consent_history",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    consentType: consentTypeEnum("consent_type").notNull(),
    consentGiven: boolean("consent_given").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("consent_history_user_idx").on(t.userId, t.createdAt)],
);

/** Exports and deletion requests a person made. */
export const dataProcessingLogs = pgTable(
  "data_processing_logs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    action: processingActionEnum("action").notNull(),
    description: text("description").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("data_processing_logs_user_idx").on(t.userId, t.createdAt)],
);

/**
 * What happened that a person should know, one row per recipient: the in-app list, and the outbox of
 * its e-mail and push (server/notifications/). Written in the transaction of the change that causes it.
 * `dedupeKey` makes a repeated event (a retried job, two instances) one row; a grouped chat
 * notification is the same row updated. `emailedAt` / `pushedAt` record a channel as done, so a
 * retried delivery never sends it twice.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    payload: jsonb("payload").notNull().default({}),
    /** Who caused it (the applicant, the owner, the sender, the reviewer): it goes when they delete their account. */
    actorId: text("actor_id"),
    dedupeKey: text("dedupe_key"),
    readAt: timestamp("read_at", { withTimezone: true }),
    emailedAt: timestamp("emailed_at", { withTimezone: true }),
    pushedAt: timestamp("pushed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("notifications_user_idx").on(t.userId, t.createdAt, t.id),
    index("notifications_unread_idx")
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    uniqueIndex("notifications_dedupe_idx").on(t.userId, t.dedupeKey),
    index("notifications_actor_idx").on(t.actorId),
  ],
);

/** A browser's Web Push subscription (one per device that turned push on). */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("push_subscriptions_endpoint_idx").on(t.endpoint), index("push_subscriptions_user_idx").on(t.userId)],
);

/**
 * Deleted accounts whose standing a new account with the same address inherits (docs/decisions/050):
 * keyed hashes (HMAC-SHA-256 with a server secret) of the normalised e-mail and phone, never the
 * address itself, and the stand-in profile that holds what the other side keeps. Removed when
 * `retain_until` passes; the stand-in's anonymous records stay.
 */
export const deletedAccounts = pgTable(
  "deleted_accounts",
  {
    standInId: text("stand_in_id")
      .primaryKey()
      .references(() => profiles.id, { onDelete: "cascade" }),
    emailHash: text("email_hash").notNull(),
    phoneHash: text("phone_hash"),
    deletedAt: timestamp("deleted_at", { withTimezone: true }).notNull(),
    retainUntil: timestamp("retain_until", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("deleted_accounts_email_idx").on(t.emailHash),
    index("deleted_accounts_phone_idx").on(t.phoneHash),
    index("deleted_accounts_retain_idx").on(t.retainUntil),
  ],
);
export type DeletedAccount = typeof deletedAccounts.$inferSelect;
