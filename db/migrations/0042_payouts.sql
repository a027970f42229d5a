CREATE TYPE "public"."payout_failure" AS ENUM('declined', 'insufficient_funds', 'invalid_payout_method', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."payout_method_kind" AS ENUM('card_token', 'sbp', 'connected_account');--> statement-breakpoint
CREATE TYPE "public"."payout_status" AS ENUM('pending', 'succeeded', 'failed');--> statement-breakpoint
CREATE TYPE "public"."tax_status" AS ENUM('self_employed', 'not_self_employed', 'awaiting_rights');--> statement-breakpoint
CREATE TABLE "payout_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" "payout_method_kind" NOT NULL,
	"destination" text NOT NULL,
	"bank_id" text,
	"label" text NOT NULL,
	"ready" boolean DEFAULT true NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_methods_destination_len" CHECK (char_length("payout_methods"."destination") between 1 and 200),
	CONSTRAINT "payout_methods_label_len" CHECK (char_length("payout_methods"."label") between 1 and 120),
	CONSTRAINT "payout_methods_sbp_bank" CHECK (("payout_methods"."kind" = 'sbp') = ("payout_methods"."bank_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "payout_profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"auto_payout" boolean DEFAULT false NOT NULL,
	"inn" text,
	"tax_status" "tax_status",
	"self_employed_id" text,
	"tax_checked_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_profiles_inn" CHECK ("payout_profiles"."inn" is null or ("payout_profiles"."inn" ~ '^[[:digit:]]+$' and char_length("payout_profiles"."inn") = 12)),
	CONSTRAINT "payout_profiles_status" CHECK (("payout_profiles"."inn" is null) = ("payout_profiles"."tax_status" is null)),
	CONSTRAINT "payout_profiles_self_employed" CHECK ("payout_profiles"."tax_status" is distinct from 'self_employed' or "payout_profiles"."self_employed_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"party_id" uuid NOT NULL,
	"currency" "job_currency" NOT NULL,
	"amount_minor" bigint NOT NULL,
	"method_id" uuid,
	"method_kind" "payout_method_kind" NOT NULL,
	"provider" text NOT NULL,
	"status" "payout_status" DEFAULT 'pending' NOT NULL,
	"failure_reason" "payout_failure",
	"provider_payout_id" text,
	"idempotency_key" text NOT NULL,
	"with_receipt" boolean DEFAULT false NOT NULL,
	"receipt_id" text,
	"receipt_url" text,
	"automatic" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount_minor" > 0),
	CONSTRAINT "payouts_provider" CHECK ("payouts"."provider" in ('yookassa', 'stripe')),
	CONSTRAINT "payouts_failure" CHECK (("payouts"."status" = 'failed') = ("payouts"."failure_reason" is not null)),
	CONSTRAINT "payouts_settled" CHECK (("payouts"."status" = 'pending') = ("payouts"."settled_at" is null))
);
--> statement-breakpoint
ALTER TABLE "payout_methods" ADD CONSTRAINT "payout_methods_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_profiles" ADD CONSTRAINT "payout_profiles_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_party_id_ledger_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."ledger_parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_method_id_payout_methods_id_fk" FOREIGN KEY ("method_id") REFERENCES "public"."payout_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_methods_user_idx" ON "payout_methods" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_methods_default_idx" ON "payout_methods" USING btree ("user_id",("kind" = 'connected_account')) WHERE "payout_methods"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "payout_methods_destination_idx" ON "payout_methods" USING btree ("user_id","kind","destination");--> statement-breakpoint
CREATE INDEX "payout_profiles_auto_idx" ON "payout_profiles" USING btree ("user_id") WHERE "payout_profiles"."auto_payout";--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_idempotency_idx" ON "payouts" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_provider_id_idx" ON "payouts" USING btree ("provider_payout_id");--> statement-breakpoint
CREATE INDEX "payouts_party_idx" ON "payouts" USING btree ("party_id","created_at");--> statement-breakpoint
CREATE INDEX "payouts_pending_idx" ON "payouts" USING btree ("created_at") WHERE "payouts"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "payouts_method_idx" ON "payouts" USING btree ("method_id");