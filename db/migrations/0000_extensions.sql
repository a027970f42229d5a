-- Trigram indexes back the case-insensitive search over jobs and people.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- The text a job search matches, lower-cased. IMMUTABLE so it can feed a generated column and an
-- index; array_to_string is only STABLE in general but is immutable for text[].
CREATE OR REPLACE FUNCTION daywork_job_search_text(title text, description text, location text, skills text[])
RETURNS text
LANGUAGE sql
IMMUTABLE PARALLEL SAFE
AS $$ SELECT lower(title || ' ' || description || ' ' || location || ' ' || coalesce(array_to_string(skills, ' '), '')) $$;
