import { and, between, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";

import type { Queryable } from "../../db/database.ts";
import { oncePerDatabase } from "../../db/once-per-database.ts";
import { preparedDecodingOnce } from "../../db/row-decoders.ts";
import { exchangeRates, jobs } from "../../db/schema/index.ts";
import { JOB_CURRENCIES, type JobCurrency } from "../../domain/currencies.ts";
import { DURATION_FILTERS, priceRangeOf, type PriceRange } from "../../domain/job-filter-choices.ts";
import { type JobFilters } from "../../domain/job-filters.ts";
import { DEFAULT_READER_CURRENCY } from "../../domain/money.ts";
import { withinKm, type Origin } from "./near.ts";
import { searchTextOf, textMatch } from "./text-match.ts";

/**
 * A price range as ranges of hourly rates, one per job currency that has an exchange rate (priceEdgesOf):
 * a job of that currency is in the bucket exactly when its rate is at least `from` (no lower edge when
 * null) and below `below` (no upper edge when null). Numerics travel as text, to the cent.
 */
export type PriceEdges = readonly { currency: JobCurrency; from: string | null; below: string | null }[];

/**
 * A job whose days are not over (docs/decisions/048): jobs.ends_at, the end of its last day in its own
 * time zone, is still ahead. Open jobs past it stay open until their owner completes them, unlisted.
 */
export const notEnded: SQL = sql`${jobs.endsAt} > now()`;

/**
 * A job the public may find: open, and visible (not held for review nor removed, docs/decisions/069).
 * Both are literals, the predicate of every open-jobs partial index (db/schema/jobs.ts).
 */
export const listed: SQL = sql`${jobs.status} = 'open' and ${jobs.moderation} = 'visible'`;

/**
 * The WHERE of the home list and search: listed jobs whose days are not over, matching the filters. `listed` is literal
 * so the planner can match the partial indexes (jobs_open_created_idx, jobs_open_category_created_idx,
 * jobs_open_country_created_idx, jobs_open_price_idx, jobs_search_doc); text is matched by word forms
 * and employer names (text-match.ts), its words read as `corrected` when the text was corrected
 * (spelling.ts). `origin` is the filters' point resolved (near.ts): with a distance, only jobs within it.
 * `priceEdges` (priceEdgesOf, for the same filters) let a price range be read from its index; without
 * them each job's rate is converted and compared, which is all a single job being matched needs.
 */
export function openJobConditions(
  filters: JobFilters,
  origin: Origin | null,
  corrected: string | null = null,
  priceEdges: PriceEdges | null = null,
): SQL {
  const conditions: SQL[] = [listed, notEnded];
  const text = searchTextOf(filters.q, corrected);
  if (text) conditions.push(textMatch(text).where);
  if (filters.category) conditions.push(eq(jobs.category, filters.category));
  if (filters.country) conditions.push(eq(jobs.country, filters.country));
  if (origin && filters.km !== undefined) conditions.push(withinKm(origin, filters.km));
  const duration = DURATION_FILTERS.find((f) => f.key === filters.duration);
  if (duration) conditions.push(between(jobs.durationDays, duration.minDays, duration.maxDays));
  if (filters.startDate) conditions.push(eq(jobs.startDate, filters.startDate));
  if (filters.price === "negotiable") {
    // Naming every currency lets jobs_open_price_idx (currency, hourly_rate) find the jobs without a rate.
    conditions.push(isNull(jobs.hourlyRate), inArray(jobs.currency, [...JOB_CURRENCIES]));
  } else if (filters.price) {
    const reader = filters.currency ?? DEFAULT_READER_CURRENCY;
    const range = priceRangeOf(filters.price, reader);
    if (range) conditions.push(priceEdges ? withinEdges(priceEdges) : inRange(range, rateIn(reader)));
  }
  return and(...conditions) as SQL;
}

/**
 * The bracket's range of a rate converted into the reader's currency (docs/decisions/022, 049), its
 * edges the reader's currency's own: `min` included, `below` excluded. A null rate, or a currency without an exchange rate, fails both
 * comparisons: such jobs never land in a price range.
 */
function inRange(price: PriceRange, converted: SQL): SQL {
  const comparisons: SQL[] = [];
  if (price.min !== null) comparisons.push(sql`${converted} >= ${price.min}`);
  if (price.below !== null) comparisons.push(sql`${converted} < ${price.below}`);
  return and(...comparisons) as SQL;
}

/** One unit of `currency` in the rates' base currency (null without a rate); a subquery run once per query. */
function perUnit(currency: string): SQL {
  return sql`(select ${exchangeRates.perUnit} from ${exchangeRates} where ${exchangeRates.currency} = ${currency})`;
}

/**
 * A job's hourly rate converted into `currency` with the stored exchange rates (null without them):
 * rate × per_unit(job's currency) / per_unit(reader's), on Postgres' numerics. The job's per_unit is
 * picked by a CASE over the job currencies, each a subquery run once per query.
 */
function rateIn(currency: string): SQL {
  const jobUnit = sql.join(
    JOB_CURRENCIES.map((code) => sql`when ${code} then ${perUnit(code)}`),
    sql` `,
  );
  return sql`(${jobs.hourlyRate} * (case ${jobs.currency}::text ${jobUnit} end) / ${perUnit(currency)})`;
}

/**
 * The bucket as the ranges of priceEdgesOf: per job currency, a range of jobs_open_price_idx whose
 * numbers the planner sees, so it knows how rare the bucket is. Exact: the edges are the first cents
 * that pass the conversion's comparisons.
 */
function withinEdges(edges: PriceEdges): SQL {
  if (edges.length === 0) return sql`false`;
  const branches = edges.map(({ currency, from, below }) => {
    const parts = [eq(jobs.currency, currency)];
    if (from !== null) parts.push(sql`${jobs.hourlyRate} >= ${from}::numeric`);
    if (below !== null) parts.push(sql`${jobs.hourlyRate} < ${below}::numeric`);
    return and(...parts) as SQL;
  });
  return sql`(${sql.join(branches, sql` or `)})`;
}

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
