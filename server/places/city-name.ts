import { sql, type SQL } from "drizzle-orm";

import { cities } from "../../db/schema/index.ts";
import type { LanguageCode } from "../../domain/languages.ts";

/** A city's name in the reader's language where the gazetteer has it, else its international name. */
export function cityName(
  language: LanguageCode,
  table: { names: typeof cities.names; name: typeof cities.name } = cities,
): SQL<string> {
  return sql<string>`coalesce(${table.names} ->> ${language}, ${table.name})`;
}
