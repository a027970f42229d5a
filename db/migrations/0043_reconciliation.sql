CREATE TABLE "reconciliation_differences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"found_on" date NOT NULL,
	"provider" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"provider_object_id" text NOT NULL,
	"field" text NOT NULL,
	"ours" text NOT NULL,
	"theirs" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reconciliation_provider" CHECK ("reconciliation_differences"."provider" in ('yookassa', 'stripe')),
	CONSTRAINT "reconciliation_subject_type" CHECK ("reconciliation_differences"."subject_type" in ('hold', 'payout')),
	CONSTRAINT "reconciliation_values_len" CHECK (char_length("reconciliation_differences"."ours") <= 100 and char_length("reconciliation_differences"."theirs") <= 100)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_differences_uq" ON "reconciliation_differences" USING btree ("found_on","subject_type","subject_id","field");--> statement-breakpoint
CREATE INDEX "reconciliation_differences_created_idx" ON "reconciliation_differences" USING btree ("created_at" DESC NULLS LAST);