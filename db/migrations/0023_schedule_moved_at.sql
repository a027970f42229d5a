-- A hired worker whose job's dates or start time the owner moves is told, and may withdraw without a
-- strike (docs/decisions/056): the application keeps when that last happened.
ALTER TABLE "job_applications" ADD COLUMN "schedule_moved_at" timestamp with time zone;
