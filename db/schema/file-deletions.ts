import { bigint, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Files to remove from storage once the transaction that dropped their rows has committed (account
 * deletion, certificate deletion). A worker retries each until the store confirms it is gone.
 */
export const fileDeletions = pgTable(
  "file_deletions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    path: text("path").notNull(),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("file_deletions_due_idx").on(t.nextAttemptAt),
    // Prefix searches: a person's unsent chat images (chat-images/{userId}/…).
    index("file_deletions_path_idx").on(t.path.op("text_pattern_ops")),
  ],
);
