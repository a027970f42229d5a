CREATE TABLE "deleted_accounts" (
	"stand_in_id" text PRIMARY KEY NOT NULL,
	"email_hash" text NOT NULL,
	"phone_hash" text,
	"deleted_at" timestamp with time zone NOT NULL,
	"retain_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profiles" DROP CONSTRAINT "profiles_full_name_len";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deleted_accounts" ADD CONSTRAINT "deleted_accounts_stand_in_id_profiles_id_fk" FOREIGN KEY ("stand_in_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deleted_accounts_email_idx" ON "deleted_accounts" USING btree ("email_hash");--> statement-breakpoint
CREATE INDEX "deleted_accounts_phone_idx" ON "deleted_accounts" USING btree ("phone_hash");--> statement-breakpoint
CREATE INDEX "deleted_accounts_retain_idx" ON "deleted_accounts" USING btree ("retain_until");--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_full_name_len" CHECK (char_length("profiles"."full_name") between 1 and 100 or ("profiles"."deleted_at" is not null and "profiles"."full_name" = ''));