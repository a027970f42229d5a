import { sql } from "drizzle-orm";
import { check, index, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

import { profiles } from "./profiles.ts";

/**
 * A member's block of another member (docs/decisions/068): one row per pair and direction. Private to
 * the blocker; the blocked person is never told. Goes with either person's account.
 */
export const personBlocks = pgTable(
  "person_blocks",
  {
    blockerId: text("blocker_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    blockedId: text("blocked_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    check("person_blocks_not_self", sql`${t.blockerId} <> ${t.blockedId}`),
    // The other direction of a pair, and a deleted account's rows, without a scan.
    index("person_blocks_blocked_idx").on(t.blockedId, t.blockerId),
  ],
);
export type PersonBlock = typeof personBlocks.$inferSelect;
