CREATE TYPE "public"."ledger_account" AS ENUM('employer_receivable', 'provider_cash', 'worker_payable', 'payouts_in_transit', 'platform_fee', 'platform_adjustments', 'card_hold', 'hold_secured', 'direct_owed', 'direct_marked_paid', 'direct_confirmed');--> statement-breakpoint
CREATE TYPE "public"."ledger_cause" AS ENUM('timesheet_agreed', 'hold_authorised', 'hold_adjusted', 'hold_released', 'captured', 'payout_requested', 'payout_paid', 'payout_failed', 'refunded', 'cancellation_compensation', 'direct_payment_marked', 'direct_payment_confirmed', 'operator_correction');--> statement-breakpoint
CREATE TYPE "public"."ledger_party_kind" AS ENUM('employer', 'worker', 'platform', 'provider');--> statement-breakpoint
CREATE TABLE "ledger_parties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "ledger_party_kind" NOT NULL,
	"user_id" text,
	"label" text NOT NULL,
	"anonymised_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_parties_label_len" CHECK (char_length("ledger_parties"."label") between 1 and 100),
	CONSTRAINT "ledger_parties_person" CHECK (("ledger_parties"."kind" in ('employer', 'worker')) = ("ledger_parties"."user_id" is not null or "ledger_parties"."anonymised_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "ledger_postings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"account" "ledger_account" NOT NULL,
	"party_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" "job_currency" NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_postings_amount" CHECK ("ledger_postings"."amount_minor" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" text NOT NULL,
	"cause" "ledger_cause" NOT NULL,
	"cause_ref" text,
	"job_id" uuid,
	"currency" "job_currency" NOT NULL,
	"memo" text,
	"created_by" uuid,
	"line_count" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transactions_idempotency_key" UNIQUE("idempotency_key"),
	CONSTRAINT "ledger_transactions_id_currency_at" UNIQUE("id","currency","created_at"),
	CONSTRAINT "ledger_transactions_idempotency_key_len" CHECK (char_length("ledger_transactions"."idempotency_key") between 1 and 200),
	CONSTRAINT "ledger_transactions_cause_ref_len" CHECK (char_length("ledger_transactions"."cause_ref") between 1 and 200),
	CONSTRAINT "ledger_transactions_memo_len" CHECK (char_length("ledger_transactions"."memo") <= 1000),
	CONSTRAINT "ledger_transactions_line_count" CHECK ("ledger_transactions"."line_count" between 2 and 200),
	CONSTRAINT "ledger_transactions_correction_reasoned" CHECK ("ledger_transactions"."cause" <> 'operator_correction' or (btrim("ledger_transactions"."memo") <> '' and "ledger_transactions"."created_by" is not null))
);
--> statement-breakpoint
ALTER TABLE "ledger_parties" ADD CONSTRAINT "ledger_parties_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_party_id_ledger_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."ledger_parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_transaction_fk" FOREIGN KEY ("transaction_id","currency","created_at") REFERENCES "public"."ledger_transactions"("id","currency","created_at") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_created_by_ledger_parties_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."ledger_parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_parties_user_idx" ON "ledger_parties" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_parties_system_idx" ON "ledger_parties" USING btree ("kind","label") WHERE "ledger_parties"."kind" in ('platform', 'provider');--> statement-breakpoint
CREATE INDEX "ledger_postings_transaction_idx" ON "ledger_postings" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_postings_party_account_idx" ON "ledger_postings" USING btree ("party_id","account","currency");--> statement-breakpoint
CREATE INDEX "ledger_postings_party_created_idx" ON "ledger_postings" USING btree ("party_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ledger_postings_created_brin_idx" ON "ledger_postings" USING brin ("created_at");--> statement-breakpoint
CREATE INDEX "ledger_transactions_job_idx" ON "ledger_transactions" USING btree ("job_id") WHERE "ledger_transactions"."job_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_transactions_created_brin_idx" ON "ledger_transactions" USING brin ("created_at");