CREATE TYPE "public"."payment_hold_status" AS ENUM('requested', 'pending_confirmation', 'authorised', 'captured', 'canceled', 'failed');--> statement-breakpoint
CREATE TYPE "public"."payment_provider" AS ENUM('yookassa', 'stripe');--> statement-breakpoint
CREATE TABLE "payment_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"provider" "payment_provider",
	"currency" "job_currency" NOT NULL,
	"amount_minor" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"provider_hold_id" text,
	"status" "payment_hold_status" DEFAULT 'requested' NOT NULL,
	"confirmation_url" text,
	"failure_reason" text,
	"expires_at" timestamp with time zone,
	"captured_minor" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_holds_amount" CHECK ("payment_holds"."amount_minor" > 0),
	CONSTRAINT "payment_holds_captured" CHECK ("payment_holds"."captured_minor" is null or "payment_holds"."captured_minor" between 0 and "payment_holds"."amount_minor"),
	CONSTRAINT "payment_holds_failure" CHECK (("payment_holds"."status" = 'failed') = ("payment_holds"."failure_reason" is not null))
);
--> statement-breakpoint
CREATE TABLE "provider_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" "payment_provider" NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_events_id_len" CHECK (char_length("provider_events"."event_id") between 1 and 200)
);
--> statement-breakpoint
ALTER TABLE "payment_holds" ADD CONSTRAINT "payment_holds_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_holds_key_uq" ON "payment_holds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_holds_provider_id_uq" ON "payment_holds" USING btree ("provider","provider_hold_id");--> statement-breakpoint
CREATE INDEX "payment_holds_job_idx" ON "payment_holds" USING btree ("job_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_events_uq" ON "provider_events" USING btree ("provider","event_id");