import { sql, type SQL } from "drizzle-orm";

import type { Queryable } from "../../../db/database.ts";
import { jobs } from "../../../db/schema/index.ts";
import { afterCursor } from "../../pagination/keyset.ts";
import type { BoundCursor, BoundPoint, BoundPriceEdges, SearchFilters, SearchText } from "./bound.ts";
import { openJobConditions } from "./conditions.ts";
import { hasFilters } from "./plan.ts";

/**
 * The count label counts exactly up to this many jobs; above it the list says "1,000+"
 * (docs/decisions/025): counting every match cost more than the page itself.
 */
export const JOB_COUNT_CAP = 1000;

/** What a count reads: the filters, the text (or its correction), the point and a price range's edges. */
export type CountOptions = {
  filters: SearchFilters;
  text?: SearchText | null;
  origin: BoundPoint | null;
  priceEdges?: BoundPriceEdges | null;
};

/**
 * The open jobs matching, after `after` if given, at most JOB_COUNT_CAP + 1 of them, in no particular
 * order. A price range alone is read one job currency after another (UNION ALL, each a range of
 * jobs_open_price_idx); with other filters the ranges stay one condition, so that another filter's
 * index may lead (docs/decisions/049).
 */
function someMatches(
  db: Queryable,
  { filters, text = null, origin, priceEdges = null }: CountOptions,
  after: BoundCursor | null,
): SQL {
  const matching = (edges: BoundPriceEdges | null) => {
    const where = openJobConditions({ filters, text, origin, priceEdges: edges });
    return db
      .select({ id: jobs.id, createdAt: jobs.createdAt })
      .from(jobs)
      .where(after ? sql`${where} and ${afterCursor(jobs.createdAt, jobs.id, after)}` : where);
  };
  const limit = JOB_COUNT_CAP + 1;
  const priceAlone = !text && !hasFilters({ ...filters, price: undefined });
  return priceEdges && priceEdges.length > 1 && priceAlone
    ? sql`(${sql.join(
        priceEdges.map((edge) => sql`(${matching([edge])})`),
        sql` union all `,
      )} limit ${limit}) as matches`
    : sql`(${matching(priceEdges).limit(limit)}) as matches`;
}

/**
 * How many open jobs match, for the count label: at most JOB_COUNT_CAP + 1, so the count stops one row
 * after what it can show (an answer above the cap means "more than the cap").
 */
export function countQuery(db: Queryable, options: CountOptions) {
  return db.select({ total: sql<number>`count(*)::int` }).from(someMatches(db, options, null));
}

/**
 * The count of a newest-first list with filters and, when no more than JOB_COUNT_CAP jobs match (after
 * the cursor), the ids of its next page and one more, newest first: the page is then read by id instead
 * of walking the newest jobs until enough pass filters the planner misjudges together (docs/decisions/025).
 */
export function newestMatchesQuery(
  db: Queryable,
  { cursor, pageSize, ...options }: CountOptions & { cursor: BoundCursor | null; pageSize: number },
) {
  const matches = someMatches(db, options, cursor);
  return db
    .select({
      total: sql<number>`count(*)::int`,
      newest: sql<string[] | null>`case when count(*) <= ${sql.raw(String(JOB_COUNT_CAP))}
        then coalesce((array_agg(id::text order by created_at desc, id desc))[1:${sql.raw(String(pageSize + 1))}], '{}') end`,
    })
    .from(matches);
}
