ALTER TYPE "public"."timesheet_action" ADD VALUE 'settled';--> statement-breakpoint
ALTER TYPE "public"."timesheet_actor" ADD VALUE 'operator';--> statement-breakpoint
CREATE TABLE "appeals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"decision_id" uuid,
	"timesheet_id" uuid,
	"reliability_event_id" uuid,
	"appellant_id" text,
	"text" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"outcome" text,
	"answer" text,
	"answered_by" text,
	"answered_at" timestamp with time zone,
	CONSTRAINT "appeals_kind" CHECK ("appeals"."kind" in ('decision', 'timesheet', 'strike')),
	CONSTRAINT "appeals_outcome" CHECK ("appeals"."outcome" in ('upheld', 'reversed', 'settled')),
	CONSTRAINT "appeals_text_len" CHECK (char_length("appeals"."text") between 1 and 2000),
	CONSTRAINT "appeals_answer_len" CHECK (char_length("appeals"."answer") <= 1000),
	CONSTRAINT "appeals_answered" CHECK (("appeals"."outcome" is null) = ("appeals"."answered_at" is null)),
	CONSTRAINT "appeals_subject" CHECK (("appeals"."kind" = 'decision' and "appeals"."decision_id" is not null)
          or ("appeals"."kind" = 'timesheet' and "appeals"."timesheet_id" is not null)
          or ("appeals"."kind" = 'strike' and ("appeals"."reliability_event_id" is not null or "appeals"."outcome" is not null)))
);
--> statement-breakpoint
CREATE TABLE "moderation_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"affected_user_id" text,
	"action" text NOT NULL,
	"ground" text NOT NULL,
	"note" text NOT NULL,
	"sanction_id" uuid,
	"decided_by" text,
	"decided_at" timestamp with time zone NOT NULL,
	"appeal_by" timestamp with time zone,
	"reversed_at" timestamp with time zone,
	CONSTRAINT "moderation_decisions_subject_type" CHECK ("moderation_decisions"."subject_type" in ('job', 'profile', 'message', 'review')),
	CONSTRAINT "moderation_decisions_action" CHECK ("moderation_decisions"."action" in ('dismiss', 'approve', 'remove', 'restrict', 'ban', 'restore')),
	CONSTRAINT "moderation_decisions_note_len" CHECK (char_length("moderation_decisions"."note") between 1 and 1000)
);
--> statement-breakpoint
ALTER TABLE "ratings" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_decision_id_moderation_decisions_id_fk" FOREIGN KEY ("decision_id") REFERENCES "public"."moderation_decisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_timesheet_id_timesheets_id_fk" FOREIGN KEY ("timesheet_id") REFERENCES "public"."timesheets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_reliability_event_id_reliability_events_id_fk" FOREIGN KEY ("reliability_event_id") REFERENCES "public"."reliability_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_appellant_id_profiles_id_fk" FOREIGN KEY ("appellant_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_answered_by_profiles_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_decisions" ADD CONSTRAINT "moderation_decisions_affected_user_id_profiles_id_fk" FOREIGN KEY ("affected_user_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_decisions" ADD CONSTRAINT "moderation_decisions_sanction_id_account_sanctions_id_fk" FOREIGN KEY ("sanction_id") REFERENCES "public"."account_sanctions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_decisions" ADD CONSTRAINT "moderation_decisions_decided_by_profiles_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appeals_decision_uq" ON "appeals" USING btree ("decision_id");--> statement-breakpoint
CREATE UNIQUE INDEX "appeals_timesheet_uq" ON "appeals" USING btree ("timesheet_id");--> statement-breakpoint
CREATE UNIQUE INDEX "appeals_strike_uq" ON "appeals" USING btree ("reliability_event_id");--> statement-breakpoint
CREATE INDEX "appeals_open_idx" ON "appeals" USING btree ("created_at") WHERE "appeals"."outcome" is null;--> statement-breakpoint
CREATE INDEX "appeals_answered_at_idx" ON "appeals" USING btree ("answered_at");--> statement-breakpoint
CREATE INDEX "appeals_appellant_idx" ON "appeals" USING btree ("appellant_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "appeals_answered_by_idx" ON "appeals" USING btree ("answered_by");--> statement-breakpoint
CREATE INDEX "moderation_decisions_affected_idx" ON "moderation_decisions" USING btree ("affected_user_id","decided_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "moderation_decisions_subject_idx" ON "moderation_decisions" USING btree ("subject_type","subject_id","decided_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "moderation_decisions_decided_at_idx" ON "moderation_decisions" USING btree ("decided_at");--> statement-breakpoint
CREATE INDEX "moderation_decisions_decided_by_idx" ON "moderation_decisions" USING btree ("decided_by");--> statement-breakpoint
CREATE INDEX "moderation_decisions_sanction_idx" ON "moderation_decisions" USING btree ("sanction_id");--> statement-breakpoint
-- A review an operator removed (ratings.removed_at) leaves the person's average, and one restored on
-- appeal comes back: the summary triggers of 0009 count only reviews not removed (docs/decisions/074).
CREATE OR REPLACE FUNCTION daywork_rating_summaries_add() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO rating_summaries AS s (user_id, rating_count, rating_sum)
  SELECT to_user_id, count(*), sum(rating) FROM new_ratings WHERE removed_at IS NULL GROUP BY to_user_id ORDER BY to_user_id
  ON CONFLICT (user_id) DO UPDATE
    SET rating_count = s.rating_count + excluded.rating_count, rating_sum = s.rating_sum + excluded.rating_sum;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION daywork_rating_summaries_subtract() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM 1 FROM rating_summaries
    WHERE user_id IN (SELECT to_user_id FROM old_ratings) ORDER BY user_id FOR UPDATE;
  UPDATE rating_summaries AS s
    SET rating_count = s.rating_count - gone.n, rating_sum = s.rating_sum - gone.total
    FROM (SELECT to_user_id, count(*) AS n, sum(rating) AS total FROM old_ratings WHERE removed_at IS NULL GROUP BY to_user_id) AS gone
    WHERE s.user_id = gone.to_user_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION daywork_rating_summaries_replace() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM 1 FROM rating_summaries
    WHERE user_id IN (SELECT to_user_id FROM old_ratings UNION SELECT to_user_id FROM new_ratings)
    ORDER BY user_id FOR UPDATE;
  UPDATE rating_summaries AS s
    SET rating_count = s.rating_count - gone.n, rating_sum = s.rating_sum - gone.total
    FROM (SELECT to_user_id, count(*) AS n, sum(rating) AS total FROM old_ratings WHERE removed_at IS NULL GROUP BY to_user_id) AS gone
    WHERE s.user_id = gone.to_user_id;
  INSERT INTO rating_summaries AS s (user_id, rating_count, rating_sum)
  SELECT to_user_id, count(*), sum(rating) FROM new_ratings WHERE removed_at IS NULL GROUP BY to_user_id ORDER BY to_user_id
  ON CONFLICT (user_id) DO UPDATE
    SET rating_count = s.rating_count + excluded.rating_count, rating_sum = s.rating_sum + excluded.rating_sum;
  RETURN NULL;
END
$$;
