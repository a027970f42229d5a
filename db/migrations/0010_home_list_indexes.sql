-- The home list's filters each read an index of open jobs (server/jobs/search-plan.test.ts): a category
-- or a duration newest first, and a price range as per-currency ranges of hourly rates
-- (server/jobs/open-job-conditions.ts). With the country, distance, start-date and text indexes, every
-- filter and pair of filters starts from one of them, or from two combined.
CREATE INDEX "jobs_open_category_created_idx" ON "jobs" USING btree ("category","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "jobs"."status" = 'open';--> statement-breakpoint
CREATE INDEX "jobs_open_duration_created_idx" ON "jobs" USING btree ("duration_days","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "jobs"."status" = 'open';--> statement-breakpoint
CREATE INDEX "jobs_open_price_idx" ON "jobs" USING btree ("currency","hourly_rate") WHERE "jobs"."status" = 'open';
