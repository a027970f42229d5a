import { sql, type AnyColumn, type SQL } from "drizzle-orm";

import { cities } from "../../db/schema/index.ts";
import type { LanguageCode } from "../../domain/languages.ts";

/**
 * A city's name in `language` where the gazetteer has it, else its international name. `language` is
 * the reader's, or a column holding a person's (a notice in the recipient's language).
 */
export function cityName(language: LanguageCode | SQL): SQL<string> {
  return sql<string>`coalesce(${cities.names} ->> ${language}, ${cities.name})`;
}

/** The name of the city `cityId` refers to, in `language` (null for no city). */
export function cityNameOf(cityId: AnyColumn | SQL, language: LanguageCode | SQL): SQL<string | null> {
  return sql<string | null>`(select ${cityName(language)} from ${cities} where ${cities.id} = ${cityId})`;
}
