import { pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

import { jobs } from "./jobs.ts";

/**
 * Machine translations of a job, one per target language. `contentHash` is the hash of the source
 * title and description: an edited job no longer matches and is translated again.
 */
export const jobTranslations = pgTable(
  "job_translations",
  {
    jobId: uuid("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    targetLanguage: text("target_language").notNull(),
    contentHash: text("content_hash").notNull(),
    translatedTitle: text("translated_title").notNull(),
    translatedDescription: text("translated_description").notNull(),
    provider: text("provider").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.targetLanguage] })],
);
