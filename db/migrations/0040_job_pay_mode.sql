CREATE TYPE "public"."pay_mode" AS ENUM('through_daywork', 'direct');--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "pay_mode" "pay_mode" DEFAULT 'direct' NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_pay_mode" CHECK ("jobs"."pay_mode" = 'direct' or ("jobs"."hourly_rate" is not null and "jobs"."currency" in ('RUB', 'EUR', 'GBP', 'USD')));
