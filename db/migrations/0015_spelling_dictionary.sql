-- Typos are corrected against the words of open jobs (docs/decisions/042), no longer matched by trigram
-- similarity against every job's text: the jobs' trigram index goes, a dictionary of their words comes.
DROP INDEX "jobs_search_trgm";--> statement-breakpoint
-- Not ts_stat: its query is a string, read under REFRESH's own search_path, where "jobs" is unknown.
CREATE MATERIALIZED VIEW "search_words" AS
  SELECT word, count(*)::int AS jobs
  FROM "jobs", unnest(tsvector_to_array(to_tsvector('simple', "search_text"))) AS word
  WHERE "status" = 'open' AND length(word) BETWEEN 3 AND 32 AND word ~ '[[:alpha:]]'
  GROUP BY word;--> statement-breakpoint
-- REFRESH ... CONCURRENTLY needs a unique index; search reads one word by it.
CREATE UNIQUE INDEX "search_words_word" ON "search_words" ("word");--> statement-breakpoint
-- Without a pending list: a refresh writes the words that changed straight into the index, which the
-- planner would otherwise price as a scan until the next vacuum.
CREATE INDEX "search_words_trgm" ON "search_words" USING gin ("word" gin_trgm_ops) WITH (fastupdate = off);
