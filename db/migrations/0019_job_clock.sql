DROP INDEX "jobs_open_created_idx";--> statement-breakpoint
DROP INDEX "jobs_open_country_created_idx";--> statement-breakpoint
DROP INDEX "jobs_open_category_created_idx";--> statement-breakpoint
DROP INDEX "jobs_open_duration_created_idx";--> statement-breakpoint
DROP INDEX "jobs_open_price_idx";--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "jobs_active_ends_idx" ON "jobs" USING btree ("ends_at") WHERE "jobs"."status" in ('open', 'in_progress');--> statement-breakpoint
CREATE INDEX "jobs_open_created_idx" ON "jobs" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"ends_at") WHERE "jobs"."status" = 'open';--> statement-breakpoint
CREATE INDEX "jobs_open_country_created_idx" ON "jobs" USING btree ("country","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"ends_at") WHERE "jobs"."status" = 'open';--> statement-breakpoint
CREATE INDEX "jobs_open_category_created_idx" ON "jobs" USING btree ("category","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"ends_at") WHERE "jobs"."status" = 'open';--> statement-breakpoint
CREATE INDEX "jobs_open_duration_created_idx" ON "jobs" USING btree ("duration_days","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"ends_at") WHERE "jobs"."status" = 'open';--> statement-breakpoint
CREATE INDEX "jobs_open_price_idx" ON "jobs" USING btree ("currency","hourly_rate","category","duration_days","ends_at") WHERE "jobs"."status" = 'open';--> statement-breakpoint
-- When a job's first shift starts and when its last day is over (docs/decisions/048), in the job's time
-- zone: its city's, else its owner's when Postgres knows the name, else UTC (domain/jobs.ts jobTimeZone,
-- domain/job-clock.ts). Written whoever writes the row: the forms, "post again", the demo, the tests.
CREATE OR REPLACE FUNCTION daywork_job_clock() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  zone text;
BEGIN
  SELECT c.time_zone INTO zone FROM cities c WHERE c.id = NEW.city_id;
  IF zone IS NULL THEN
    SELECT p.time_zone INTO zone FROM profiles p
      WHERE p.id = NEW.employer_id AND EXISTS (SELECT 1 FROM pg_timezone_names z WHERE z.name = p.time_zone);
  END IF;
  zone := coalesce(zone, 'UTC');
  NEW.starts_at := (NEW.start_date + coalesce(NEW.start_time, time '00:00')) AT TIME ZONE zone;
  NEW.ends_at := (NEW.start_date + NEW.duration_days)::timestamp AT TIME ZONE zone;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER jobs_clock BEFORE INSERT OR UPDATE OF start_date, start_time, duration_days, city_id ON jobs
  FOR EACH ROW EXECUTE FUNCTION daywork_job_clock();--> statement-breakpoint
UPDATE jobs SET start_date = start_date;
