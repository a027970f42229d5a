-- A search text as one tsquery: its reading in each configuration daywork_stems indexes, each distinct
-- reading once ("loader" reads 'loader' in four of them and 'load' in two: 'load' | 'loader'). The six
-- readings OR-ed as they came repeated the same words, and the planner, which takes the alternatives of
-- an OR for independent, guessed a word three times as common as it is (62,558 of 100k jobs for a word
-- 20,000 have): with a filter it then walked the newest jobs instead of reading the filter's index
-- (docs/decisions/020). IMMUTABLE, as websearch_to_tsquery is, so the planner computes it from the
-- bound text and plans with the words themselves. A text without words reads as websearch_to_tsquery's
-- empty query.
CREATE OR REPLACE FUNCTION daywork_search_query(q text)
RETURNS tsquery
LANGUAGE sql
IMMUTABLE PARALLEL SAFE
AS $$ SELECT coalesce(string_agg(DISTINCT '(' || reading::text || ')', ' | ')::tsquery, websearch_to_tsquery('simple'::regconfig, q))
    FROM unnest(ARRAY[websearch_to_tsquery('simple'::regconfig, q), websearch_to_tsquery('english'::regconfig, q),
      websearch_to_tsquery('russian'::regconfig, q), websearch_to_tsquery('german'::regconfig, q),
      websearch_to_tsquery('french'::regconfig, q), websearch_to_tsquery('spanish'::regconfig, q)]) AS reading
    WHERE numnode(reading) > 0 $$;
