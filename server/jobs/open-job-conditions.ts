import { and, between, eq, isNull, sql, type SQL } from "drizzle-orm";

import { exchangeRates, jobs } from "../../db/schema/index.ts";
import { DURATION_FILTERS, PRICE_FILTERS, type JobFilters } from "../../domain/job-filters.ts";
import { DEFAULT_READER_CURRENCY } from "../../domain/money.ts";
import { withinKm, type Origin } from "./near.ts";
import { textMatch } from "./text-match.ts";

/**
 * The WHERE of the home list and search: open jobs matching the filters. `status = 'open'` is a literal
 * so the planner can match the partial indexes (jobs_open_created_idx, jobs_search_doc, jobs_search_trgm);
 * text is matched by word forms, typos and employer names (text-match.ts). `origin` is the filters'
 * point resolved (near.ts): with a distance, only jobs within it. `fuzzy` forgives typos in the text
 * (text-match.ts); a single job being matched can afford it, a list only when nothing matches as written.
 */
export function openJobConditions(filters: JobFilters, origin: Origin | null, fuzzy = true): SQL {
  const conditions: SQL[] = [sql`${jobs.status} = 'open'`];
  const q = filters.q?.trim();
  if (q) conditions.push(textMatch(q, fuzzy).where);
  if (filters.category) conditions.push(eq(jobs.category, filters.category));
  if (filters.country) conditions.push(eq(jobs.country, filters.country));
  if (origin && filters.km !== undefined) conditions.push(withinKm(origin, filters.km));
  const duration = DURATION_FILTERS.find((f) => f.key === filters.duration);
  if (duration) conditions.push(between(jobs.durationDays, duration.minDays, duration.maxDays));
  if (filters.startDate) conditions.push(eq(jobs.startDate, filters.startDate));
  const price = PRICE_FILTERS.find((f) => f.key === filters.price);
  if (price) {
    if ("negotiable" in price) conditions.push(isNull(jobs.hourlyRate));
    else {
      // The bucket is read in the reader's currency (docs/decisions/022). A null rate, or a currency
      // without an exchange rate, fails both comparisons: such jobs never land in a price range.
      const rate = rateIn(filters.currency ?? DEFAULT_READER_CURRENCY);
      if (price.min !== null) conditions.push(sql`${rate} >= ${price.min}`);
      if (price.below !== null) conditions.push(sql`${rate} < ${price.below}`);
    }
  }
  return and(...conditions) as SQL;
}

/** A job's hourly rate converted into `currency` with the stored exchange rates (null without them). */
function rateIn(currency: string): SQL {
  const perUnit = (code: SQL) =>
    sql`(select ${exchangeRates.perUnit} from ${exchangeRates} where ${exchangeRates.currency} = ${code})`;
  return sql`(${jobs.hourlyRate} * ${perUnit(sql`${jobs.currency}::text`)} / ${perUnit(sql`${currency}`)})`;
}
