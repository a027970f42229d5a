CREATE TABLE "rating_summaries" (
	"user_id" text PRIMARY KEY NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rating_summaries_counts" CHECK ("rating_summaries"."rating_count" >= 0 and "rating_summaries"."rating_sum" between "rating_summaries"."rating_count" and 5 * "rating_summaries"."rating_count")
);
--> statement-breakpoint
ALTER TABLE "rating_summaries" ADD CONSTRAINT "rating_summaries_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Ratings received, kept per person (db/schema/ratings.ts): statement-level triggers add and subtract
-- each statement's rows of ratings, grouped by person, so a review, an account deletion (which removes
-- the person's reviews of others), a cascade and a bulk seed all keep it right in their own
-- transaction. Rows are locked in user id order, so two deletions that touch the same people wait for
-- each other instead of deadlocking.
CREATE FUNCTION daywork_rating_summaries_add() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO rating_summaries AS s (user_id, rating_count, rating_sum)
  SELECT to_user_id, count(*), sum(rating) FROM new_ratings GROUP BY to_user_id ORDER BY to_user_id
  ON CONFLICT (user_id) DO UPDATE
    SET rating_count = s.rating_count + excluded.rating_count, rating_sum = s.rating_sum + excluded.rating_sum;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION daywork_rating_summaries_subtract() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM 1 FROM rating_summaries
    WHERE user_id IN (SELECT to_user_id FROM old_ratings) ORDER BY user_id FOR UPDATE;
  UPDATE rating_summaries AS s
    SET rating_count = s.rating_count - gone.n, rating_sum = s.rating_sum - gone.total
    FROM (SELECT to_user_id, count(*) AS n, sum(rating) AS total FROM old_ratings GROUP BY to_user_id) AS gone
    WHERE s.user_id = gone.to_user_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- An UPDATE subtracts the old rows and adds the new ones (nothing updates ratings today).
CREATE FUNCTION daywork_rating_summaries_replace() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM 1 FROM rating_summaries
    WHERE user_id IN (SELECT to_user_id FROM old_ratings UNION SELECT to_user_id FROM new_ratings)
    ORDER BY user_id FOR UPDATE;
  UPDATE rating_summaries AS s
    SET rating_count = s.rating_count - gone.n, rating_sum = s.rating_sum - gone.total
    FROM (SELECT to_user_id, count(*) AS n, sum(rating) AS total FROM old_ratings GROUP BY to_user_id) AS gone
    WHERE s.user_id = gone.to_user_id;
  INSERT INTO rating_summaries AS s (user_id, rating_count, rating_sum)
  SELECT to_user_id, count(*), sum(rating) FROM new_ratings GROUP BY to_user_id ORDER BY to_user_id
  ON CONFLICT (user_id) DO UPDATE
    SET rating_count = s.rating_count + excluded.rating_count, rating_sum = s.rating_sum + excluded.rating_sum;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER ratings_summary_insert AFTER INSERT ON ratings
  REFERENCING NEW TABLE AS new_ratings FOR EACH STATEMENT EXECUTE FUNCTION daywork_rating_summaries_add();--> statement-breakpoint
CREATE TRIGGER ratings_summary_delete AFTER DELETE ON ratings
  REFERENCING OLD TABLE AS old_ratings FOR EACH STATEMENT EXECUTE FUNCTION daywork_rating_summaries_subtract();--> statement-breakpoint
CREATE TRIGGER ratings_summary_update AFTER UPDATE ON ratings
  REFERENCING OLD TABLE AS old_ratings NEW TABLE AS new_ratings FOR EACH STATEMENT EXECUTE FUNCTION daywork_rating_summaries_replace();--> statement-breakpoint
-- TRUNCATE fires no delete trigger: emptying ratings empties the summaries too.
CREATE FUNCTION daywork_rating_summaries_clear() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  DELETE FROM rating_summaries;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER ratings_summary_truncate AFTER TRUNCATE ON ratings
  FOR EACH STATEMENT EXECUTE FUNCTION daywork_rating_summaries_clear();--> statement-breakpoint
-- The ratings given so far.
INSERT INTO rating_summaries (user_id, rating_count, rating_sum)
SELECT to_user_id, count(*), sum(rating) FROM ratings GROUP BY to_user_id;
