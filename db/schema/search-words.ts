import { integer, pgMaterializedView, text } from "drizzle-orm/pg-core";

/**
 * The words of open jobs and in how many of them each appears: what a search text's typos are corrected
 * to (server/jobs/spelling.ts, docs/decisions/042). A materialized view of the words of the jobs' texts in
 * the `simple` configuration (lower-cased, not stemmed), words of 3 to 32 characters with a letter,
 * with a trigram index on the word. Refreshed by the background queue every few minutes
 * (`spelling-dictionary`), so a word only in a job posted since is not offered yet; created by migration 0015,
 * which drizzle-kit does not manage (`existing`).
 */
export const searchWords = pgMaterializedView("search_words", {
  word: text("word").notNull(),
  jobs: integer("jobs").notNull(),
}).existing();
