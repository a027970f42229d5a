-- Search that understands people (docs/decisions/020): the words a job is found by, beyond its own text.
-- Each category's name in the ten interface languages, and a few words people search for it by, so
-- "delivery", "доставка" or "курьер" find the Delivery jobs whatever language they were posted in.
CREATE OR REPLACE FUNCTION daywork_category_words(category job_category)
RETURNS text
LANGUAGE sql
IMMUTABLE PARALLEL SAFE
AS $$ SELECT CASE category::text
    WHEN 'construction' THEN 'Construction Строительство Bau Bâtiment Construcción البناء 建筑 Құрылыс Qurilish Gurluşyk builder строитель Bauarbeiter'
    WHEN 'delivery' THEN 'Delivery Доставка Lieferdienst Livraison Reparto التوصيل 配送 Жеткізу Yetkazib berish Eltip bermek courier курьер Kurier coursier repartidor'
    WHEN 'cleaning' THEN 'Cleaning Уборка Reinigung Nettoyage Limpieza التنظيف 保洁 Тазалау Tozalash Arassaçylyk cleaner уборщица уборщик Reinigungskraft'
    WHEN 'catering' THEN 'Catering Общепит Gastronomie Restauration Hostelería خدمات الطعام 餐饮 Қоғамдық тамақтандыру Umumiy ovqatlanish Iýmit hyzmaty waiter официант cook повар Kellner serveur camarero'
    WHEN 'moving' THEN 'Moving Переезды Umzüge Déménagement Mudanzas نقل الأثاث 搬家 Көшу қызметі Koʻchish xizmati Göçüş hyzmaty movers грузчик loader Umzugshelfer déménageur'
    WHEN 'landscaping' THEN 'Landscaping Благоустройство Garten- und Landschaftsbau Espaces verts Jardinería تنسيق الحدائق 园林绿化 Абаттандыру Obodonlashtirish Abadanlaşdyryş gardener садовник Gärtner jardinier jardinero'
    WHEN 'retail' THEN 'Retail Торговля Einzelhandel Commerce Comercio البيع بالتجزئة 零售 Бөлшек сауда Chakana savdo Bölek söwda cashier кассир продавец Verkäufer vendeur'
    WHEN 'other' THEN 'Other Другое Sonstiges Autre Otros أخرى 其他 Басқа Boshqa Beýlekiler'
    ELSE '' END $$;
--> statement-breakpoint
-- The same text in the word forms of every language Postgres stems that we serve (and as written, for
-- the others): "доставки" finds "доставка", "deliveries" finds "delivery".
CREATE OR REPLACE FUNCTION daywork_stems(text text)
RETURNS tsvector
LANGUAGE sql
IMMUTABLE PARALLEL SAFE
AS $$ SELECT to_tsvector('simple'::regconfig, text) || to_tsvector('english'::regconfig, text)
    || to_tsvector('russian'::regconfig, text) || to_tsvector('german'::regconfig, text)
    || to_tsvector('french'::regconfig, text) || to_tsvector('spanish'::regconfig, text) $$;
--> statement-breakpoint
-- What a job is found by, weighted: its title (A), its skills, place and category words (B), its
-- description (D).
CREATE OR REPLACE FUNCTION daywork_job_search_doc(title text, description text, location text, skills text[], category job_category)
RETURNS tsvector
LANGUAGE sql
IMMUTABLE PARALLEL SAFE
AS $$ SELECT setweight(daywork_stems(title), 'A')
    || setweight(daywork_stems(coalesce(array_to_string(skills, ' '), '') || ' ' || location || ' ' || daywork_category_words(category)), 'B')
    || setweight(daywork_stems(description), 'D') $$;
--> statement-breakpoint
-- The lower-cased text the trigram index answers typos from, now with the category words too.
CREATE OR REPLACE FUNCTION daywork_job_search_text(title text, description text, location text, skills text[], category job_category)
RETURNS text
LANGUAGE sql
IMMUTABLE PARALLEL SAFE
AS $$ SELECT lower(title || ' ' || description || ' ' || location || ' ' || coalesce(array_to_string(skills, ' '), '') || ' ' || daywork_category_words(category)) $$;
