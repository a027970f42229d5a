import { date, numeric, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * What one unit of each currency is worth in the feed's base currency, as of the feed's date: the
 * committed snapshot at first, then the configured central bank's daily feed (server/currency/).
 */
export const exchangeRates = pgTable("exchange_rates", {
  currency: text("currency").primaryKey(),
  perUnit: numeric("per_unit", { precision: 24, scale: 12, mode: "number" }).notNull(),
  base: text("base").notNull(),
  asOf: date("as_of").notNull(),
  source: text("source").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
