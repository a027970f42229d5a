CREATE TYPE "public"."invitation_status" AS ENUM('pending', 'accepted', 'declined', 'cancelled');--> statement-breakpoint
ALTER TYPE "public"."application_status" ADD VALUE 'withdrawn';--> statement-breakpoint
CREATE TABLE "employer_follows" (
	"follower_id" text NOT NULL,
	"employer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employer_follows_follower_id_employer_id_pk" PRIMARY KEY("follower_id","employer_id")
);
--> statement-breakpoint
CREATE TABLE "favourite_workers" (
	"employer_id" text NOT NULL,
	"worker_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourite_workers_employer_id_worker_id_pk" PRIMARY KEY("employer_id","worker_id")
);
--> statement-breakpoint
CREATE TABLE "job_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"worker_id" text NOT NULL,
	"status" "invitation_status" DEFAULT 'pending' NOT NULL,
	"days" date[],
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "job_invitations_days" CHECK (cardinality("job_invitations"."days") between 1 and 7)
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "start_time" time;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "partial_days" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "copied_from_id" uuid;--> statement-breakpoint
ALTER TABLE "job_applications" ADD COLUMN "days" date[];--> statement-breakpoint
ALTER TABLE "employer_follows" ADD CONSTRAINT "employer_follows_follower_id_profiles_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employer_follows" ADD CONSTRAINT "employer_follows_employer_id_profiles_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourite_workers" ADD CONSTRAINT "favourite_workers_employer_id_profiles_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourite_workers" ADD CONSTRAINT "favourite_workers_worker_id_profiles_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_invitations" ADD CONSTRAINT "job_invitations_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_invitations" ADD CONSTRAINT "job_invitations_worker_id_profiles_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "employer_follows_employer_idx" ON "employer_follows" USING btree ("employer_id");--> statement-breakpoint
CREATE INDEX "favourite_workers_worker_idx" ON "favourite_workers" USING btree ("worker_id");--> statement-breakpoint
CREATE UNIQUE INDEX "job_invitations_job_worker_uq" ON "job_invitations" USING btree ("job_id","worker_id");--> statement-breakpoint
CREATE INDEX "job_invitations_worker_idx" ON "job_invitations" USING btree ("worker_id","created_at" DESC NULLS LAST) WHERE "job_invitations"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_copied_from_fk" FOREIGN KEY ("copied_from_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_days" CHECK (cardinality("job_applications"."days") between 1 and 7);