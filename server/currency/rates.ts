import type { Queryable } from "../../db/database.ts";
import { exchangeRates } from "../../db/schema/index.ts";
import type { ExchangeRates } from "../../domain/money.ts";

/** The rates every price is converted with, and the latest day they come from ("rates as of"). */
export async function currentRates(db: Queryable): Promise<ExchangeRates> {
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
