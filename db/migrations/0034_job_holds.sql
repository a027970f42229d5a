CREATE TYPE "public"."hold_decision" AS ENUM('approved', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."job_moderation" AS ENUM('visible', 'held', 'removed');--> statement-breakpoint
CREATE TABLE "job_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"rules" text[] NOT NULL,
	"held_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decision" "hold_decision",
	"decided_by" text,
	CONSTRAINT "job_holds_rules" CHECK (cardinality("job_holds"."rules") >= 1 and "job_holds"."rules" <@ array['contact_details', 'link', 'payment_request', 'rate_out_of_range', 'posting_burst', 'new_account']::text[]),
	CONSTRAINT "job_holds_decided" CHECK (("job_holds"."decision" is null) = ("job_holds"."decided_at" is null))
);
--> statement-breakpoint
DROP INDEX "jobs_open_created_idx";--> statement-breakpoint
DROP INDEX "jobs_search_doc";--> statement-breakpoint
DROP INDEX "jobs_open_country_created_idx";--> statement-breakpoint
DROP INDEX "jobs_open_category_created_idx";--> statement-breakpoint
DROP INDEX "jobs_open_duration_created_idx";--> statement-breakpoint
DROP INDEX "jobs_open_price_idx";--> statement-breakpoint
DROP INDEX "jobs_open_earth_idx";--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "moderation" "job_moderation" DEFAULT 'visible' NOT NULL;--> statement-breakpoint
ALTER TABLE "job_holds" ADD CONSTRAINT "job_holds_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_holds" ADD CONSTRAINT "job_holds_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "job_holds_waiting_job_idx" ON "job_holds" USING btree ("job_id") WHERE "job_holds"."decided_at" is null;--> statement-breakpoint
CREATE INDEX "job_holds_job_idx" ON "job_holds" USING btree ("job_id","held_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "job_holds_waiting_idx" ON "job_holds" USING btree ("held_at") WHERE "job_holds"."decided_at" is null;--> statement-breakpoint
CREATE INDEX "job_holds_decided_by_idx" ON "job_holds" USING btree ("decided_by");--> statement-breakpoint
CREATE INDEX "jobs_open_created_idx" ON "jobs" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"ends_at") WHERE "jobs"."status" = 'open' and "jobs"."moderation" = 'visible';--> statement-breakpoint
CREATE INDEX "jobs_search_doc" ON "jobs" USING gin ("search_doc") WHERE "jobs"."status" = 'open' and "jobs"."moderation" = 'visible';--> statement-breakpoint
CREATE INDEX "jobs_open_country_created_idx" ON "jobs" USING btree ("country","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"ends_at") WHERE "jobs"."status" = 'open' and "jobs"."moderation" = 'visible';--> statement-breakpoint
CREATE INDEX "jobs_open_category_created_idx" ON "jobs" USING btree ("category","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"ends_at") WHERE "jobs"."status" = 'open' and "jobs"."moderation" = 'visible';--> statement-breakpoint
CREATE INDEX "jobs_open_duration_created_idx" ON "jobs" USING btree ("duration_days","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"ends_at") WHERE "jobs"."status" = 'open' and "jobs"."moderation" = 'visible';--> statement-breakpoint
CREATE INDEX "jobs_open_price_idx" ON "jobs" USING btree ("currency","hourly_rate","category","duration_days","ends_at") WHERE "jobs"."status" = 'open' and "jobs"."moderation" = 'visible';--> statement-breakpoint
CREATE INDEX "jobs_open_earth_idx" ON "jobs" USING gist (ll_to_earth("latitude", "longitude")) WHERE "jobs"."status" = 'open' and "jobs"."moderation" = 'visible';--> statement-breakpoint
-- The spelling dictionary (migration 0021) counts the words of listed jobs only: open and visible, so
-- a held post's words are not offered as corrections; a hold, an approval or a removal moves them.
CREATE OR REPLACE FUNCTION daywork_search_words_kept()
RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  changed_words text[];
  deltas int[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(word ORDER BY word), array_agg(n ORDER BY word) INTO changed_words, deltas
    FROM (SELECT word, count(*)::int AS n FROM new_rows r, daywork_dictionary_words(r.search_text) AS word
          WHERE r.status = 'open' AND r.moderation = 'visible' GROUP BY word) AS c;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(word ORDER BY word), array_agg(n ORDER BY word) INTO changed_words, deltas
    FROM (SELECT word, -count(*)::int AS n FROM old_rows r, daywork_dictionary_words(r.search_text) AS word
          WHERE r.status = 'open' AND r.moderation = 'visible' GROUP BY word) AS c;
  ELSE
    SELECT array_agg(word ORDER BY word), array_agg(n ORDER BY word) INTO changed_words, deltas
    FROM (SELECT word, sum(d)::int AS n
          FROM (SELECT o.status = 'open' AND o.moderation = 'visible' AS was_open,
                       n.status = 'open' AND n.moderation = 'visible' AS is_open,
                       o.search_text AS old_text, n.search_text AS new_text
                FROM old_rows o JOIN new_rows n USING (id)
                WHERE ((o.status = 'open' AND o.moderation = 'visible') OR (n.status = 'open' AND n.moderation = 'visible'))
                  AND (o.status IS DISTINCT FROM n.status OR o.moderation IS DISTINCT FROM n.moderation
                       OR o.search_text IS DISTINCT FROM n.search_text)) AS r,
          LATERAL (SELECT w, 1 FROM daywork_dictionary_words(r.new_text) AS w WHERE r.is_open
                   UNION ALL
                   SELECT w, -1 FROM daywork_dictionary_words(r.old_text) AS w WHERE r.was_open) AS c(word, d)
          GROUP BY word HAVING sum(d) <> 0) AS c;
  END IF;
  IF changed_words IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO search_words AS s (word, jobs)
    SELECT word, n FROM unnest(changed_words, deltas) AS c(word, n)
    ON CONFLICT (word) DO UPDATE SET jobs = s.jobs + excluded.jobs;
  DELETE FROM search_words WHERE word = ANY(changed_words) AND jobs <= 0;
  RETURN NULL;
END
$$;
