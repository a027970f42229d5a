import { sql } from "drizzle-orm";
import { index, integer, pgTable, text } from "drizzle-orm/pg-core";

/**
 * The words of open jobs and in how many of them each appears: what a search text's typos are corrected
 * to (server/jobs/search/spelling.ts, docs/decisions/042, 051). The words of the jobs' search texts in the
 * `simple` configuration (lower-cased, not stemmed), of 3 to 32 characters with a letter, the category's
 * names in every language and the translations included. Kept by statement triggers on `jobs` in the
 * writing transaction (migration 0021), so a new job's words are corrected to as soon as it is posted;
 * a word no open job has any more is deleted. A trigram index on the word serves the corrections.
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
