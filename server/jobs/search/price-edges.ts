import { eq, inArray, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";

import type { Queryable } from "../../../db/database.ts";
import { oncePerDatabase } from "../../../db/once-per-database.ts";
import { preparedDecodingOnce } from "../../../db/row-decoders.ts";
import { exchangeRates } from "../../../db/schema/index.ts";
import { JOB_CURRENCIES, type JobCurrency } from "../../../domain/currencies.ts";
import { priceRangeOf } from "../../../domain/job-filter-choices.ts";
import type { JobFilters } from "../../../domain/job-filters.ts";
import { DEFAULT_READER_CURRENCY } from "../../../domain/money.ts";

/**
 * A price range as ranges of hourly rates, one per job currency that has an exchange rate: a job of
 * that currency is in the bucket exactly when its rate is at least `from` (no lower edge when null)
 * and below `below` (no upper edge when null). Numerics travel as text, to the cent.
 */
export type PriceEdges = readonly { currency: JobCurrency; from: string | null; below: string | null }[];

const readerRate = alias(exchangeRates, "reader_rate");

/**
 * The statement of priceEdgesOf for a range with a lower edge, an upper edge or both, prepared: the
 * amounts and the reader's currency are bound.
 */
function edgeStatement(db: Queryable, hasMin: boolean, hasBelow: boolean) {
  // The first cent whose converted rate reaches `amount`, as `rateIn` converts: rate × job's per_unit / reader's.
  const firstCent = (amount: SQL | null) => {
    if (amount === null) return sql<string | null>`null::text`;
    const near = sql`ceil(${amount}::numeric * ${readerRate.perUnit} / ${exchangeRates.perUnit} * 100) / 100`;
    return sql<string | null>`(
      select min(cent)::text
      from (select round(${near} + step / 100.0, 2) as cent from generate_series(-2, 2) as step) as cents
      where cent * ${exchangeRates.perUnit} / ${readerRate.perUnit} >= ${amount}::numeric)`;
  };
  return preparedDecodingOnce(
    db
      .select({
        currency: exchangeRates.currency,
        from: firstCent(hasMin ? sql`${sql.placeholder("min")}` : null),
        below: firstCent(hasBelow ? sql`${sql.placeholder("below")}` : null),
      })
      .from(exchangeRates)
      .innerJoin(readerRate, eq(readerRate.currency, sql`${sql.placeholder("reader")}`))
      .where(inArray(exchangeRates.currency, [...JOB_CURRENCIES]))
      .orderBy(exchangeRates.currency),
    "price_edges",
  );
}

/** The three kinds of price range's statements (from, under, between), built once per database handle. */
const edgeStatements = oncePerDatabase((db) => ({
  from: edgeStatement(db, true, false),
  under: edgeStatement(db, false, true),
  between: edgeStatement(db, true, true),
}));

/**
 * The filters' price range as ranges of hourly rates per job currency (null without a range, or for
 * "negotiable"): one read of exchange_rates before the search, so that its statements carry the edges
 * as numbers. A rate passes the bucket's comparison (`rateIn`, exact numerics) from some cent upwards:
 * the edge is that cent, found by trying the cents around the converted amount with the very same
 * arithmetic. The converted amount is rounded, but far less than a cent, so the edge is among them;
 * were it not, the search falls back to converting each job's rate (null). No currencies: the reader's
 * currency has no rate, and nothing is in the range.
 */
export async function priceEdgesOf(db: Queryable, filters: Pick<JobFilters, "price" | "currency">): Promise<PriceEdges | null> {
  const reader = filters.currency ?? DEFAULT_READER_CURRENCY;
  const price = filters.price ? priceRangeOf(filters.price, reader) : null;
  if (!price) return null;
  const statements = edgeStatements(db);
  const statement = price.min === null ? statements.under : price.below === null ? statements.from : statements.between;
  const rows = await statement.execute({ min: price.min, below: price.below, reader });
  const edges: { currency: JobCurrency; from: string | null; below: string | null }[] = [];
  for (const { currency: code, from, below } of rows) {
    if ((price.min !== null && from === null) || (price.below !== null && below === null)) return null;
    const currency = JOB_CURRENCIES.find((c) => c === code);
    if (currency) edges.push({ currency, from, below });
  }
  return edges;
}
