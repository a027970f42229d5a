CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reporter_id" text,
	"subject_type" text NOT NULL,
	"subject_id" text,
	"subject_user_id" text,
	"reason" text NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"closed_at" timestamp with time zone,
	"outcome" text,
	CONSTRAINT "reports_subject_type" CHECK ("reports"."subject_type" in ('job', 'profile', 'message', 'review')),
	CONSTRAINT "reports_reason" CHECK ("reports"."reason" in ('scam', 'fake_job', 'discrimination', 'harassment', 'inappropriate', 'spam', 'workplace_safety', 'other')),
	CONSTRAINT "reports_outcome" CHECK ("reports"."outcome" in ('dismissed', 'actioned')),
	CONSTRAINT "reports_comment_len" CHECK (char_length("reports"."comment") <= 1000),
	CONSTRAINT "reports_status" CHECK (("reports"."status" = 'open' and "reports"."closed_at" is null and "reports"."outcome" is null and "reports"."subject_id" is not null)
          or ("reports"."status" = 'closed' and "reports"."closed_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_profiles_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_subject_user_id_profiles_id_fk" FOREIGN KEY ("subject_user_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_per_reporter_uq" ON "reports" USING btree ("reporter_id","subject_type","subject_id") WHERE "reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "reports_open_subject_idx" ON "reports" USING btree ("subject_type","subject_id","created_at") WHERE "reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "reports_open_oldest_idx" ON "reports" USING btree ("created_at") WHERE "reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "reports_reporter_idx" ON "reports" USING btree ("reporter_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reports_subject_user_idx" ON "reports" USING btree ("subject_user_id");