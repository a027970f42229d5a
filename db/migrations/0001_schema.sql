CREATE TYPE "public"."application_status" AS ENUM('pending', 'accepted', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."consent_type" AS ENUM('data_processing', 'terms');--> statement-breakpoint
CREATE TYPE "public"."conversation_kind" AS ENUM('group', 'direct');--> statement-breakpoint
CREATE TYPE "public"."job_category" AS ENUM('construction', 'delivery', 'cleaning', 'catering', 'moving', 'landscaping', 'retail', 'other');--> statement-breakpoint
CREATE TYPE "public"."job_currency" AS ENUM('RUB', 'USD', 'EUR', 'GBP');--> statement-breakpoint
CREATE TYPE "public"."job_status" AS ENUM('open', 'in_progress', 'completed', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."processing_action" AS ENUM('export', 'delete');--> statement-breakpoint
CREATE TYPE "public"."user_type" AS ENUM('worker', 'employer');--> statement-breakpoint
CREATE TABLE "account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"last_request" bigint NOT NULL,
	CONSTRAINT "rate_limit_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	CONSTRAINT "session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"user_type" "user_type" DEFAULT 'worker' NOT NULL,
	"full_name" text NOT NULL,
	"date_of_birth" date,
	"bio" text,
	"location" text,
	"phone" text,
	"company_name" text,
	"currency" text DEFAULT 'USD' NOT NULL,
	"consent_data_processing" boolean DEFAULT false NOT NULL,
	"consent_date" timestamp with time zone,
	"terms_accepted" boolean DEFAULT false NOT NULL,
	"terms_accepted_date" timestamp with time zone,
	"age_verified" boolean DEFAULT false NOT NULL,
	"notification_email" boolean DEFAULT true NOT NULL,
	"notification_push" boolean DEFAULT true NOT NULL,
	"privacy_profile_visible" boolean DEFAULT true NOT NULL,
	"privacy_show_email" boolean DEFAULT false NOT NULL,
	"onboarding_completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_full_name_len" CHECK (char_length("profiles"."full_name") between 1 and 100),
	CONSTRAINT "profiles_bio_len" CHECK (char_length("profiles"."bio") <= 500),
	CONSTRAINT "profiles_location_len" CHECK (char_length("profiles"."location") <= 100),
	CONSTRAINT "profiles_phone_len" CHECK (char_length("profiles"."phone") <= 20),
	CONSTRAINT "profiles_company_name_len" CHECK (char_length("profiles"."company_name") <= 100),
	CONSTRAINT "profiles_currency" CHECK ("profiles"."currency" in ('USD','EUR','GBP','JPY','AUD','CAD','CHF','CNY','INR','RUB','KZT'))
);
--> statement-breakpoint
CREATE TABLE "user_interests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"interest" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_interests_len" CHECK (char_length("user_interests"."interest") between 1 and 50)
);
--> statement-breakpoint
CREATE TABLE "consent_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"consent_type" "consent_type" NOT NULL,
	"consent_given" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_processing_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"action" "processing_action" NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"employer_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"location" text NOT NULL,
	"category" "job_category" NOT NULL,
	"skills" text[],
	"duration_days" integer NOT NULL,
	"start_date" date NOT NULL,
	"hourly_rate" numeric(10, 2),
	"currency" "job_currency" DEFAULT 'RUB' NOT NULL,
	"max_workers" integer DEFAULT 1 NOT NULL,
	"accepted_count" integer DEFAULT 0 NOT NULL,
	"status" "job_status" DEFAULT 'open' NOT NULL,
	"language" text DEFAULT 'ru' NOT NULL,
	"search_text" text GENERATED ALWAYS AS (daywork_job_search_text(title, description, location, skills)) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_title_len" CHECK (char_length("jobs"."title") between 3 and 200),
	CONSTRAINT "jobs_description_len" CHECK (char_length("jobs"."description") between 10 and 5000),
	CONSTRAINT "jobs_location_len" CHECK (char_length("jobs"."location") between 2 and 200),
	CONSTRAINT "jobs_duration" CHECK ("jobs"."duration_days" between 1 and 7),
	CONSTRAINT "jobs_rate" CHECK ("jobs"."hourly_rate" between 0 and 10000),
	CONSTRAINT "jobs_max_workers" CHECK ("jobs"."max_workers" between 1 and 100),
	CONSTRAINT "jobs_accepted_count" CHECK ("jobs"."accepted_count" between 0 and "jobs"."max_workers")
);
--> statement-breakpoint
CREATE TABLE "job_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"worker_id" text NOT NULL,
	"status" "application_status" DEFAULT 'pending' NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_applications_message_len" CHECK (char_length("job_applications"."message") <= 2000)
);
--> statement-breakpoint
CREATE TABLE "ratings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"from_user_id" text NOT NULL,
	"to_user_id" text NOT NULL,
	"rating" smallint NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ratings_range" CHECK ("ratings"."rating" between 1 and 5),
	CONSTRAINT "ratings_comment_len" CHECK (char_length("ratings"."comment") <= 1000),
	CONSTRAINT "ratings_not_self" CHECK ("ratings"."from_user_id" <> "ratings"."to_user_id")
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"conversation_id" uuid NOT NULL,
	"sender_id" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"image_path" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_messages_content_len" CHECK (char_length("chat_messages"."content") <= 2000),
	CONSTRAINT "chat_messages_not_empty" CHECK ("chat_messages"."content" <> '' or "chat_messages"."image_path" is not null)
);
--> statement-breakpoint
CREATE TABLE "conversation_participants" (
	"conversation_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_read_message_id" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "conversation_participants_conversation_id_user_id_pk" PRIMARY KEY("conversation_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"kind" "conversation_kind" DEFAULT 'group' NOT NULL,
	"direct_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversations_direct_key" CHECK (("conversations"."kind" = 'direct') = ("conversations"."direct_key" is not null))
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"file_name" text NOT NULL,
	"file_path" text NOT NULL,
	"file_size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certificates_file_path_unique" UNIQUE("file_path"),
	CONSTRAINT "certificates_size" CHECK ("certificates"."file_size" between 1 and 10485760)
);
--> statement-breakpoint
CREATE TABLE "job_translations" (
	"job_id" uuid NOT NULL,
	"target_language" text NOT NULL,
	"content_hash" text NOT NULL,
	"translated_title" text NOT NULL,
	"translated_description" text NOT NULL,
	"provider" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_translations_job_id_target_language_pk" PRIMARY KEY("job_id","target_language")
);
--> statement-breakpoint
CREATE TABLE "file_deletions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "file_deletions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"path" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_id_user_id_fk" FOREIGN KEY ("id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_interests" ADD CONSTRAINT "user_interests_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_history" ADD CONSTRAINT "consent_history_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_processing_logs" ADD CONSTRAINT "data_processing_logs_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_employer_id_profiles_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_worker_id_profiles_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_from_user_id_profiles_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_to_user_id_profiles_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_sender_id_profiles_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_participants" ADD CONSTRAINT "conversation_participants_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_participants" ADD CONSTRAINT "conversation_participants_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_translations" ADD CONSTRAINT "job_translations_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_user_id_idx" ON "account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "session_user_id_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verification_identifier_idx" ON "verification" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "profiles_full_name_trgm" ON "profiles" USING gin ("full_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_company_name_trgm" ON "profiles" USING gin ("company_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_location_trgm" ON "profiles" USING gin ("location" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "user_interests_user_interest_uq" ON "user_interests" USING btree ("user_id",lower("interest"));--> statement-breakpoint
CREATE INDEX "consent_history_user_idx" ON "consent_history" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "data_processing_logs_user_idx" ON "data_processing_logs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "jobs_open_created_idx" ON "jobs" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "jobs"."status" = 'open';--> statement-breakpoint
CREATE INDEX "jobs_search_trgm" ON "jobs" USING gin ("search_text" gin_trgm_ops) WHERE "jobs"."status" = 'open';--> statement-breakpoint
CREATE INDEX "jobs_employer_created_idx" ON "jobs" USING btree ("employer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "job_applications_job_worker_uq" ON "job_applications" USING btree ("job_id","worker_id");--> statement-breakpoint
CREATE INDEX "job_applications_worker_created_idx" ON "job_applications" USING btree ("worker_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "job_applications_job_status_idx" ON "job_applications" USING btree ("job_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "ratings_job_from_to_uq" ON "ratings" USING btree ("job_id","from_user_id","to_user_id");--> statement-breakpoint
CREATE INDEX "ratings_to_user_idx" ON "ratings" USING btree ("to_user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ratings_from_user_idx" ON "ratings" USING btree ("from_user_id");--> statement-breakpoint
CREATE INDEX "chat_messages_conversation_idx" ON "chat_messages" USING btree ("conversation_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "chat_messages_sender_idx" ON "chat_messages" USING btree ("sender_id");--> statement-breakpoint
CREATE INDEX "conversation_participants_user_idx" ON "conversation_participants" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_group_per_job_uq" ON "conversations" USING btree ("job_id") WHERE "conversations"."kind" = 'group';--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_direct_uq" ON "conversations" USING btree ("job_id","direct_key") WHERE "conversations"."kind" = 'direct';--> statement-breakpoint
CREATE INDEX "certificates_user_idx" ON "certificates" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "file_deletions_due_idx" ON "file_deletions" USING btree ("next_attempt_at");