import { index, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import type { SuperJSONResult } from "superjson";

import { user } from "./auth.ts";

/**
 * The first answer of each create a person sent with an idempotency key (server/idempotency/,
 * docs/decisions/063): written in the create's own transaction, so a resend finds the answer exactly
 * when the create committed. One row per person, kind of create and key; swept after a day; deleted
 * with the account.
 */
export const idempotentRequests = pgTable(
  "idempotent_requests",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** Which create the key belongs to (e.g. "applications.submit"): one key never answers another kind. */
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    /** A digest of the request's input: the same key with other input is refused, not answered. */
    fingerprint: text("fingerprint").notNull(),
    /** The first answer, as superjson writes it (dates stay dates). */
    answer: jsonb("answer").$type<SuperJSONResult>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.scope, t.key] }), index("idempotent_requests_created_at_idx").on(t.createdAt)],
);
