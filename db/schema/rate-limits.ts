import { integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

import { user } from "./auth.ts";

/**
 * How often each person did each limited action in the current window (server/limits/rate-limit.ts).
 * One row per person and action, shared by every server instance; deleted with the account.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    action: text("action").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull(),
  },
  (t) => [primaryKey({ columns: [t.action, t.userId] })],
);
