CREATE INDEX "reports_created_at_idx" ON "reports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "reports_subject_idx" ON "reports" USING btree ("subject_type","subject_id","created_at");--> statement-breakpoint
CREATE INDEX "appeals_created_at_idx" ON "appeals" USING btree ("created_at");