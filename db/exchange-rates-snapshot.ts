import { sql } from "drizzle-orm";

import type { Queryable } from "./database.ts";
import snapshot from "./reference/exchange-rates-snapshot.json" with { type: "json" };
import { exchangeRates } from "./schema/index.ts";

/**
 * Puts the committed snapshot of exchange rates (db/reference/exchange-rates-snapshot.json) into
 * `exchange_rates` where the table has no rate or an older one, so prices convert offline from the
 * first start; the refresh job (server/currency/) replaces them with the feed's newer ones.
 */
export async function loadExchangeRateSnapshot(db: Queryable): Promise<void> {
  const rows = [[snapshot.base, 1] as const, ...Object.entries(snapshot.perUnit)].map(([currency, perUnit]) => ({
    currency,
    perUnit,
    base: snapshot.base,
    asOf: snapshot.asOf,
    source: "snapshot",
  }));
  await storeRates(db, rows, { replace: "older" });
}

type RateRow = typeof exchangeRates.$inferInsert;

/**
 * Writes rates, one row per currency, over the stored ones that are `older` than them (the snapshot)
 * or `notNewer` (a feed's day, which may restate today's). Answers the currencies written.
 */
export async function storeRates(db: Queryable, rows: RateRow[], options: { replace: "older" | "notNewer" }) {
  return db
    .insert(exchangeRates)
    .values(rows)
    .onConflictDoUpdate({
      target: exchangeRates.currency,
      set: {
        perUnit: sql`excluded.per_unit`,
        base: sql`excluded.base`,
        asOf: sql`excluded.as_of`,
        source: sql`excluded.source`,
        updatedAt: sql`now()`,
      },
      setWhere:
        options.replace === "older" ? sql`${exchangeRates.asOf} < excluded.as_of` : sql`${exchangeRates.asOf} <= excluded.as_of`,
    })
    .returning({ currency: exchangeRates.currency });
}
