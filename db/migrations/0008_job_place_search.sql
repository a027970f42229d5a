-- The search columns read the public place (district and the city's names), no longer the free-text
-- location, which migration 0007 kept as the private address. Rates in local currencies (sum, tenge)
-- need a higher ceiling: the per-currency limits are domain/limits.ts HOURLY_RATE_MAX. Readers may
-- now read prices in sum and manat too.
ALTER TABLE "profiles" DROP CONSTRAINT "profiles_currency";--> statement-breakpoint
ALTER TABLE "jobs" DROP CONSTRAINT "jobs_location_len";--> statement-breakpoint
ALTER TABLE "jobs" DROP CONSTRAINT "jobs_rate";--> statement-breakpoint
ALTER TABLE "jobs" drop column "search_text";--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "search_text" text GENERATED ALWAYS AS (daywork_job_search_text(title, description, coalesce(district, '') || ' ' || place_words, skills, category)) STORED;--> statement-breakpoint
ALTER TABLE "jobs" drop column "search_doc";--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "search_doc" "tsvector" GENERATED ALWAYS AS (daywork_job_search_doc(title, description, coalesce(district, '') || ' ' || place_words, skills, category)) STORED;--> statement-breakpoint
ALTER TABLE "jobs" DROP COLUMN "location";--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_currency" CHECK ("profiles"."currency" in ('USD','EUR','GBP','JPY','AUD','CAD','CHF','CNY','INR','RUB','KZT','UZS','TMT'));--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_rate" CHECK ("jobs"."hourly_rate" between 0 and 2000000);--> statement-breakpoint
-- Dropping the search columns took their indexes with them: the same indexes on the new columns.
CREATE INDEX "jobs_search_doc" ON "jobs" USING gin ("search_doc") WHERE "jobs"."status" = 'open';--> statement-breakpoint
CREATE INDEX "jobs_search_trgm" ON "jobs" USING gin ("search_text" gin_trgm_ops) WHERE "jobs"."status" = 'open';
