DROP INDEX "jobs_open_price_idx";--> statement-breakpoint
CREATE INDEX "jobs_open_price_idx" ON "jobs" USING btree ("currency","hourly_rate","category","duration_days") WHERE "jobs"."status" = 'open';