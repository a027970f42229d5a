CREATE TABLE "person_blocks" (
	"blocker_id" text NOT NULL,
	"blocked_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "person_blocks_blocker_id_blocked_id_pk" PRIMARY KEY("blocker_id","blocked_id"),
	CONSTRAINT "person_blocks_not_self" CHECK ("person_blocks"."blocker_id" <> "person_blocks"."blocked_id")
);
--> statement-breakpoint
ALTER TABLE "person_blocks" ADD CONSTRAINT "person_blocks_blocker_id_profiles_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_blocks" ADD CONSTRAINT "person_blocks_blocked_id_profiles_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "person_blocks_blocked_idx" ON "person_blocks" USING btree ("blocked_id","blocker_id");