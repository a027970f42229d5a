-- Search across languages (docs/decisions/051). A job is found by its machine translations and by its
-- category's names and trades in every language, and the spelling dictionary is kept on every write
-- instead of being read again every five minutes.
--
-- The dictionary was a materialized view over jobs.search_text: it goes first, since the search
-- columns it reads are replaced below; it comes back as a table kept by triggers.
DROP MATERIALIZED VIEW "search_words";--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "translated_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Each category's name in the ten interface languages and a few words people search it by (decision
-- 020), now with the barista and coffee of Catering in the ten languages (one word where several share
-- it): "barista", "бариста" and "coffee" find a Catering job written in any language. Every word here
-- is stemmed six ways into every job's document: the list stays short (docs/decisions/051).
CREATE OR REPLACE FUNCTION daywork_category_words(category job_category)
RETURNS text
LANGUAGE sql
IMMUTABLE PARALLEL SAFE
AS $$ SELECT CASE category::text
    WHEN 'construction' THEN 'Construction Строительство Bau Bâtiment Construcción البناء 建筑 Құрылыс Qurilish Gurluşyk builder строитель Bauarbeiter'
    WHEN 'delivery' THEN 'Delivery Доставка Lieferdienst Livraison Reparto التوصيل 配送 Жеткізу Yetkazib berish Eltip bermek courier курьер Kurier coursier repartidor'
    WHEN 'cleaning' THEN 'Cleaning Уборка Reinigung Nettoyage Limpieza التنظيف 保洁 Тазалау Tozalash Arassaçylyk cleaner уборщица уборщик Reinigungskraft'
    WHEN 'catering' THEN 'Catering Общепит Gastronomie Restauration Hostelería خدمات الطعام 餐饮 Қоғамдық тамақтандыру Umumiy ovqatlanish Iýmit hyzmaty waiter официант cook повар Kellner serveur camarero '
      'barista бариста باريستا 咖啡师 coffee кофе Kaffee café قهوة 咖啡 qahva kofe'
    WHEN 'moving' THEN 'Moving Переезды Umzüge Déménagement Mudanzas نقل الأثاث 搬家 Көшу қызметі Koʻchish xizmati Göçüş hyzmaty movers грузчик loader Umzugshelfer déménageur'
    WHEN 'landscaping' THEN 'Landscaping Благоустройство Garten- und Landschaftsbau Espaces verts Jardinería تنسيق الحدائق 园林绿化 Абаттандыру Obodonlashtirish Abadanlaşdyryş gardener садовник Gärtner jardinier jardinero'
    WHEN 'retail' THEN 'Retail Торговля Einzelhandel Commerce Comercio البيع بالتجزئة 零售 Бөлшек сауда Chakana savdo Bölek söwda cashier кассир продавец Verkäufer vendeur'
    WHEN 'other' THEN 'Other Другое Sonstiges Autre Otros أخرى 其他 Басқа Boshqa Beýlekiler'
    ELSE '' END $$;--> statement-breakpoint
-- Every category's words, stemmed as the documents are: a typed word found here is a word of the
-- marketplace, never "corrected" (server/jobs/spelling.ts), whether or not a job of it is open.
CREATE OR REPLACE FUNCTION daywork_category_doc()
RETURNS tsvector
LANGUAGE sql
IMMUTABLE PARALLEL SAFE
AS $$ SELECT daywork_stems(string_agg(daywork_category_words(c), ' ')) FROM unnest(enum_range(NULL::job_category)) AS c $$;--> statement-breakpoint
-- What a job is found by, weighted: its title (A); its skills, place and category words (B); its
-- description and its machine translations (D).
CREATE OR REPLACE FUNCTION daywork_job_search_doc(title text, description text, location text, skills text[], category job_category, translated text)
RETURNS tsvector
LANGUAGE sql
IMMUTABLE PARALLEL SAFE
AS $$ SELECT setweight(daywork_stems(title), 'A')
    || setweight(daywork_stems(coalesce(array_to_string(skills, ' '), '') || ' ' || location || ' ' || daywork_category_words(category)), 'B')
    || setweight(daywork_stems(description || ' ' || translated), 'D') $$;--> statement-breakpoint
-- The lower-cased text the spelling dictionary reads its words from, translations included.
CREATE OR REPLACE FUNCTION daywork_job_search_text(title text, description text, location text, skills text[], category job_category, translated text)
RETURNS text
LANGUAGE sql
IMMUTABLE PARALLEL SAFE
AS $$ SELECT lower(title || ' ' || description || ' ' || location || ' ' || coalesce(array_to_string(skills, ' '), '') || ' ' || daywork_category_words(category) || ' ' || translated) $$;--> statement-breakpoint
ALTER TABLE "jobs" drop column "search_text";--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "search_text" text GENERATED ALWAYS AS (daywork_job_search_text(title, description, coalesce(district, '') || ' ' || place_words, skills, category, translated_text)) STORED;--> statement-breakpoint
ALTER TABLE "jobs" drop column "search_doc";--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "search_doc" "tsvector" GENERATED ALWAYS AS (daywork_job_search_doc(title, description, coalesce(district, '') || ' ' || place_words, skills, category, translated_text)) STORED;--> statement-breakpoint
-- The translations readers already asked for, of the text each job still has: the content hash of
-- server/translate/translate-job.ts (sha256 of JSON.stringify([language, title, description])).
UPDATE "jobs" j SET "translated_text" = t.text
FROM (SELECT jt.job_id, string_agg(jt.translated_title || ' ' || jt.translated_description, ' ' ORDER BY jt.target_language) AS text
      FROM "job_translations" jt JOIN "jobs" s ON s.id = jt.job_id
      WHERE jt.content_hash = encode(sha256(convert_to('[' || to_json(s.language)::text || ',' || to_json(s.title)::text
        || ',' || to_json(s.description)::text || ']', 'UTF8')), 'hex')
      GROUP BY jt.job_id) AS t
WHERE j.id = t.job_id;--> statement-breakpoint
-- Dropping the column took its index with it.
CREATE INDEX "jobs_search_doc" ON "jobs" USING gin ("search_doc") WHERE "jobs"."status" = 'open';--> statement-breakpoint
DROP FUNCTION daywork_job_search_doc(text, text, text, text[], job_category);--> statement-breakpoint
DROP FUNCTION daywork_job_search_text(text, text, text, text[], job_category);--> statement-breakpoint
-- The words of a job's search text the dictionary holds: lower-cased, not stemmed, 3 to 32 characters
-- with a letter.
CREATE OR REPLACE FUNCTION daywork_dictionary_words(search_text text)
RETURNS SETOF text
LANGUAGE sql
IMMUTABLE PARALLEL SAFE
AS $$ SELECT word FROM unnest(tsvector_to_array(to_tsvector('simple'::regconfig, search_text))) AS word
    WHERE length(word) BETWEEN 3 AND 32 AND word ~ '[[:alpha:]]' $$;--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"jobs" integer NOT NULL
);--> statement-breakpoint
-- Without a pending list: words are written straight into the index, which the planner would
-- otherwise price as a scan until the next vacuum.
CREATE INDEX "search_words_trgm" ON "search_words" USING gin ("word" gin_trgm_ops) WITH (fastupdate=off);--> statement-breakpoint
INSERT INTO "search_words" ("word", "jobs")
  SELECT word, count(*)::int FROM "jobs", daywork_dictionary_words("search_text") AS word
  WHERE "status" = 'open' GROUP BY word;--> statement-breakpoint
-- Keeps the dictionary in the transaction that writes jobs: once per statement, from the rows it
-- inserted, deleted or changed (status or text), so a bulk insert counts its words once. Each word's
-- count moves by the open jobs gained or lost; a word no open job has any more goes. Words are written
-- in their order, so two posts sharing words lock them in the same order.
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
          WHERE r.status = 'open' GROUP BY word) AS c;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(word ORDER BY word), array_agg(n ORDER BY word) INTO changed_words, deltas
    FROM (SELECT word, -count(*)::int AS n FROM old_rows r, daywork_dictionary_words(r.search_text) AS word
          WHERE r.status = 'open' GROUP BY word) AS c;
  ELSE
    SELECT array_agg(word ORDER BY word), array_agg(n ORDER BY word) INTO changed_words, deltas
    FROM (SELECT word, sum(d)::int AS n
          FROM (SELECT o.status = 'open' AS was_open, n.status = 'open' AS is_open, o.search_text AS old_text, n.search_text AS new_text
                FROM old_rows o JOIN new_rows n USING (id)
                WHERE (o.status = 'open' OR n.status = 'open')
                  AND (o.status IS DISTINCT FROM n.status OR o.search_text IS DISTINCT FROM n.search_text)) AS r,
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
$$;--> statement-breakpoint
CREATE TRIGGER jobs_search_words_insert AFTER INSERT ON jobs REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION daywork_search_words_kept();--> statement-breakpoint
CREATE TRIGGER jobs_search_words_update AFTER UPDATE ON jobs REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION daywork_search_words_kept();--> statement-breakpoint
CREATE TRIGGER jobs_search_words_delete AFTER DELETE ON jobs REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION daywork_search_words_kept();
