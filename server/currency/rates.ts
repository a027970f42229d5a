import type { Queryable } from "../../db/database.ts";
import { exchangeRates } from "../../db/schema/index.ts";
import type { ExchangeRates } from "../../domain/money.ts";

/**
 * How long an instance answers from the rates it read: they change a few times a day (the feed is read
 * every 6 h, refreshExchangeRates forgets them at once on its own instance), and every page sent with
 * its first screen asks for them.
 */
export const RATES_CACHE_MS = 60_000;

const cached = new WeakMap<Queryable, { until: number; rates: Promise<ExchangeRates> }>();

/** The rates every price is converted with, and the latest day they come from ("rates as of"). */
export function currentRates(db: Queryable, now = Date.now()): Promise<ExchangeRates> {
  const hit = cached.get(db);
  if (hit && hit.until > now) return hit.rates;
  const rates = readRates(db);
  cached.set(db, { until: now + RATES_CACHE_MS, rates });
  // A failed read is not kept: the next request reads again.
  rates.catch(() => cached.delete(db));
  return rates;
}

/** Makes the next `currentRates` read the table (after new rates were stored). */
export function forgetRates(db: Queryable): void {
  cached.delete(db);
}

async function readRates(db: Queryable): Promise<ExchangeRates> {
  const rows = await db
    .select({
      currency: exchangeRates.currency,
      perUnit: exchangeRates.perUnit,
      base: exchangeRates.base,
      asOf: exchangeRates.asOf,
    })
    .from(exchangeRates);
  // ISO dates compare as strings.
  const asOf = rows.reduce<string | null>((latest, r) => (latest === null || r.asOf > latest ? r.asOf : latest), null);
  return {
    base: rows[0]?.base ?? "RUB",
    asOf,
    perUnit: Object.fromEntries(rows.map((r) => [r.currency, r.perUnit])),
  };
}
