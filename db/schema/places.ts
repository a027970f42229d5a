import { sql } from "drizzle-orm";
import { doublePrecision, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";

/**
 * The gazetteer: GeoNames cities of 15,000 people or more in the countries we serve, loaded by
 * migration 0007 from the extract scripts/gazetteer/build-cities-sql.py builds. `id` is the GeoNames
 * id; `names` holds the name in each of our languages where GeoNames has it (`en` always).
 */
export const cities = pgTable(
  "cities",
  {
    id: integer("id").primaryKey(),
    country: text("country").notNull(),
    name: text("name").notNull(),
    names: jsonb("names").$type<Partial<Record<string, string>>>().notNull(),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    population: integer("population").notNull(),
    timeZone: text("time_zone").notNull(),
    /** Every known spelling, lower-cased: what autocomplete and job search match. */
    searchNames: text("search_names").notNull(),
  },
  (t) => [
    index("cities_search_names_trgm").using("gin", sql`${t.searchNames} gin_trgm_ops`),
    index("cities_country_population_idx").on(t.country, t.population.desc()),
  ],
);
export type City = typeof cities.$inferSelect;
