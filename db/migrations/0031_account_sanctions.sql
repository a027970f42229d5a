CREATE TABLE "account_sanctions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"ground" text NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"decided_by" text,
	"lifted_at" timestamp with time zone,
	"lifted_by" text,
	CONSTRAINT "account_sanctions_kind_check" CHECK ("account_sanctions"."kind" IN ('restricted', 'banned')),
	CONSTRAINT "account_sanctions_restriction_ends" CHECK ("account_sanctions"."kind" = 'banned' OR "account_sanctions"."ends_at" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "account_sanctions" ADD CONSTRAINT "account_sanctions_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_sanctions" ADD CONSTRAINT "account_sanctions_decided_by_profiles_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_sanctions" ADD CONSTRAINT "account_sanctions_lifted_by_profiles_id_fk" FOREIGN KEY ("lifted_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_sanctions_user_active_idx" ON "account_sanctions" USING btree ("user_id") WHERE "account_sanctions"."lifted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "account_sanctions_decided_by_idx" ON "account_sanctions" USING btree ("decided_by");--> statement-breakpoint
CREATE INDEX "account_sanctions_lifted_by_idx" ON "account_sanctions" USING btree ("lifted_by");