import { and, between, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";

import { exchangeRates, jobs } from "../../../db/schema/index.ts";
import { JOB_CURRENCIES } from "../../../domain/currencies.ts";
import { DURATION_FILTERS, priceRangeOf, type PriceRange } from "../../../domain/job-filter-choices.ts";
import { DEFAULT_READER_CURRENCY } from "../../../domain/money.ts";
import type { BoundPoint, BoundPriceEdges, SearchFilters, SearchText } from "./bound.ts";
import { withinKm } from "./near.ts";
import { textMatch } from "./text-match.ts";

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

/** What a list's WHERE is built from: the filters, the text (or its correction), the point and a price range's edges. */
export type ConditionsInput = {
  filters: SearchFilters;
  text: SearchText | null;
  origin: BoundPoint | null;
  priceEdges?: BoundPriceEdges | null;
};

/**
 * The WHERE of the home list and search: listed jobs whose days are not over, matching the filters,
 * the one place filters become conditions. `listed` is literal so the planner can match the partial
 * indexes (db/schema/jobs.ts); text is matched by word forms and employer names (text-match.ts); with
 * a distance, only jobs within it of `origin`. `priceEdges` (price-edges.ts) let a price range be read
 * from its index; without them each job's rate is converted, which is all one job being matched needs.
 */
export function openJobConditions({ filters, text, origin, priceEdges = null }: ConditionsInput): SQL {
  const conditions: SQL[] = [listed, notEnded];
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
 * The bucket as the ranges of priceEdgesOf (price-edges.ts): per job currency, a range of jobs_open_price_idx whose
 * numbers the planner sees, so it knows how rare the bucket is. Exact: the edges are the first cents
 * that pass the conversion's comparisons.
 */
function withinEdges(edges: BoundPriceEdges): SQL {
  if (edges.length === 0) return sql`false`;
  const branches = edges.map(({ currency, from, below }) => {
    const parts = [eq(jobs.currency, currency)];
    if (from !== null) parts.push(sql`${jobs.hourlyRate} >= ${from}::numeric`);
    if (below !== null) parts.push(sql`${jobs.hourlyRate} < ${below}::numeric`);
    return and(...parts) as SQL;
  });
  return sql`(${sql.join(branches, sql` or `)})`;
}
