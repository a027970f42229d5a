import { and, desc, eq, sql } from "drizzle-orm";

import type { Queryable } from "../../db/database.ts";
import { cities } from "../../db/schema/index.ts";
import { isCountryCode, type CountryCode } from "../../domain/countries.ts";
import type { LanguageCode } from "../../domain/languages.ts";
import { cityName } from "./city-name.ts";

/** How many suggestions the city autocomplete shows. */
export const CITY_SUGGESTIONS = 8;

const cityFields = (language: LanguageCode) => ({
  id: cities.id,
  name: cityName(language),
  country: cities.country,
  latitude: cities.latitude,
  longitude: cities.longitude,
});

/**
 * The city autocomplete: cities whose name in any language starts with the typed text come first,
 * then those that contain it or nearly spell it (trigrams, for typos), larger cities first.
 */
export async function findCities(db: Queryable, input: { q: string; country?: CountryCode; language: LanguageCode }) {
  const q = input.q.trim().toLowerCase();
  if (!q) return [];
  const startsWord = sql`(${cities.searchNames} like ${`${q}%`} or ${cities.searchNames} like ${`% ${q}%`})`;
  const matches = sql`(${cities.searchNames} like ${`%${q}%`} or ${q} <% ${cities.searchNames})`;
  return db
    .select(cityFields(input.language))
    .from(cities)
    .where(and(matches, input.country ? eq(cities.country, input.country) : undefined))
    .orderBy(desc(startsWord), desc(cities.population))
    .limit(CITY_SUGGESTIONS);
}

/** One city by its id, named in `language`; null when the gazetteer has no such city. */
export async function findCity(db: Queryable, id: number, language: LanguageCode) {
  const [row] = await db.select(cityFields(language)).from(cities).where(eq(cities.id, id)).limit(1);
  return row ?? null;
}

/**
 * The country of the city a free-text place names ("Москва", "Almaty, Medeu district"): its first
 * comma-separated part equal, ignoring case, to a city's name in any of our languages; the largest such
 * city wins. Null when no city is named so.
 */
export async function countryOfPlace(db: Queryable, place: string | null | undefined): Promise<CountryCode | null> {
  const name = place?.split(",")[0]?.trim().toLowerCase();
  if (!name || name.length < 2) return null;
  const [row] = await db
    .select({ country: cities.country })
    .from(cities)
    .where(
      and(
        // The trigram index finds the few candidates; the exact comparison decides.
        sql`${cities.searchNames} like ${`%${name}%`}`,
        sql`exists (select 1 from jsonb_each_text(${cities.names}) as n(language, name) where lower(n.name) = ${name})`,
      ),
    )
    .orderBy(desc(cities.population))
    .limit(1);
  return row && isCountryCode(row.country) ? row.country : null;
}

/** True when the gazetteer holds a city of this id. */
export async function cityExists(db: Queryable, id: number): Promise<boolean> {
  const [row] = await db.select({ id: cities.id }).from(cities).where(eq(cities.id, id)).limit(1);
  return row !== undefined;
}

export type CitySuggestion = Awaited<ReturnType<typeof findCities>>[number];
