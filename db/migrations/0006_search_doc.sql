ALTER TABLE "jobs" drop column "search_text";--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "search_text" text GENERATED ALWAYS AS (daywork_job_search_text(title, description, location, skills, category)) STORED;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "search_doc" "tsvector" GENERATED ALWAYS AS (daywork_job_search_doc(title, description, location, skills, category)) STORED;--> statement-breakpoint
CREATE INDEX "jobs_search_doc" ON "jobs" USING gin ("search_doc") WHERE "jobs"."status" = 'open';--> statement-breakpoint
-- Dropping the old search_text took its trigram index with it: the same index on the new column.
CREATE INDEX "jobs_search_trgm" ON "jobs" USING gin ("search_text" gin_trgm_ops) WHERE "jobs"."status" = 'open';--> statement-breakpoint
DROP FUNCTION IF EXISTS daywork_job_search_text(text, text, text, text[]);
