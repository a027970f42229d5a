CREATE INDEX "jobs_created_brin_idx" ON "jobs" USING brin ("created_at");--> statement-breakpoint
CREATE INDEX "jobs_start_date_idx" ON "jobs" USING btree ("start_date");--> statement-breakpoint
CREATE INDEX "job_applications_job_created_idx" ON "job_applications" USING btree ("job_id","created_at");--> statement-breakpoint
CREATE INDEX "reliability_events_kind_date_idx" ON "reliability_events" USING btree ("kind","on_date");