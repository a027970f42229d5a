CREATE TYPE "public"."reliability_event_kind" AS ENUM('late_cancellation', 'no_show');--> statement-breakpoint
CREATE TYPE "public"."reliability_role" AS ENUM('worker', 'employer');--> statement-breakpoint
CREATE TABLE "reliability_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"job_id" uuid,
	"kind" "reliability_event_kind" NOT NULL,
	"role" "reliability_role" NOT NULL,
	"on_date" date NOT NULL,
	"notice_hours" integer,
	"reply" text,
	"replied_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reliability_events_reply_len" CHECK (char_length("reliability_events"."reply") <= 500),
	CONSTRAINT "reliability_events_notice" CHECK (("reliability_events"."kind" = 'late_cancellation') = ("reliability_events"."notice_hours" is not null))
);
--> statement-breakpoint
ALTER TABLE "reliability_events" ADD CONSTRAINT "reliability_events_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reliability_events" ADD CONSTRAINT "reliability_events_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reliability_events_once_uq" ON "reliability_events" USING btree ("user_id","job_id","kind","on_date");--> statement-breakpoint
CREATE INDEX "reliability_events_user_idx" ON "reliability_events" USING btree ("user_id","on_date");