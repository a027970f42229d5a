import { sql } from "drizzle-orm";
import { index, integer, pgTable, text } from "drizzle-orm/pg-core";

/**
 * The open jobs' words and how many jobs have each: what a search text's typos are corrected to, kept by
 * statement triggers on `jobs` in the writing transaction (docs/decisions/042, 051).
 */
export const searchWords = pgTable(
  "search_words",
  {
    word: text("word").primaryKey(),
    jobs: integer("jobs").notNull(),
  },
  (t) => [
    index("search_words_trgm")
      .using("gin", sql`${t.word} gin_trgm_ops`)
      .with({ fastupdate: "off" }),
  ],
);
