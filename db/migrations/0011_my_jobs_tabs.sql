CREATE TABLE "job_owner_views" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"applications_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_owner_views" ADD CONSTRAINT "job_owner_views_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_employer_status_start_idx" ON "jobs" USING btree ("employer_id","status","start_date","id");