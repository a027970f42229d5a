import { sql, type SQL } from "drizzle-orm";

import { queryRows, type Queryable } from "../../db/database.ts";
import { inCountry, periodInstants, pointCount, pointOf, pointStart, type HealthPeriod, type HealthSeries } from "./period.ts";

/**
 * The marketplace's health figures (docs/decisions/072), each one statement: `facts` gives a row per
 * thing counted with its point `b`, `value` aggregates them, once per point and once over the period
 * (GROUP BY ROLLUP), and every point of the period is answered, an empty one with `empty`.
 */
export async function bucketed(db: Queryable, p: HealthPeriod, facts: SQL, value: SQL, empty: SQL): Promise<HealthSeries> {
  const rows = await queryRows<{ b: number | null; value: number | null }>(
    db,
    sql`with facts as (${facts}),
      agg as (select b, ${value} as value from facts group by rollup (b))
    select g.b, coalesce(agg.value, ${empty}) as value
    from (select b::int from generate_series(0, ${pointCount(p) - 1}::int) b union all select null::int) g
    left join agg on agg.b is not distinct from g.b
    order by g.b nulls last`,
  );
  const points = rows.filter((r) => r.b !== null).map((r) => ({ start: pointStart(p, Number(r.b)), value: r.value }));
  return { points, total: rows.find((r) => r.b === null)?.value ?? null };
}

export const ZERO = sql`0::float8`;
export const NONE = sql`null::float8`;
export const median = (hours: SQL) => sql`percentile_cont(0.5) within group (order by ${hours})`;

/** Jobs posted per point, by when they were posted. */
export function jobsPosted(db: Queryable, p: HealthPeriod): Promise<HealthSeries> {
  const { fromAt, untilAt } = periodInstants(p);
  return bucketed(
    db,
    p,
    sql`select ${pointOf(p, sql`(j.created_at at time zone 'UTC')::date`)} as b
      from jobs j
      where j.created_at >= ${fromAt}::timestamptz and j.created_at < ${untilAt}::timestamptz ${inCountry(p, sql`j.country`)}`,
    sql`count(*)::float8`,
    ZERO,
  );
}

/**
 * Hired places over places offered, of the jobs whose first day falls in the point; a cancelled job's
 * places were withdrawn, not left empty, so it does not count. A job's hired places are those of its
 * least-staffed day (accepted_count).
 */
export function fillRate(db: Queryable, p: HealthPeriod): Promise<HealthSeries> {
  return bucketed(
    db,
    p,
    sql`select ${pointOf(p, sql`j.start_date`)} as b, j.accepted_count as hired, j.max_workers as offered
      from jobs j
      where j.start_date between ${p.from}::date and ${p.to}::date and j.status <> 'cancelled'
        ${inCountry(p, sql`j.country`)}`,
    sql`sum(hired)::float8 / nullif(sum(offered), 0)`,
    NONE,
  );
}

/** The median hours from posting to the first application, of the jobs posted in the point that got one. */
export function hoursToFirstApplication(db: Queryable, p: HealthPeriod): Promise<HealthSeries> {
  const { fromAt, untilAt } = periodInstants(p);
  return bucketed(
    db,
    p,
    sql`select ${pointOf(p, sql`(j.created_at at time zone 'UTC')::date`)} as b,
        extract(epoch from first.at - j.created_at)::float8 / 3600 as hours
      from jobs j
      join (
        -- A job's applications come after it was posted: those of the window's jobs are all in the window.
        select a.job_id, min(a.created_at) as at from job_applications a
        where a.created_at >= ${fromAt}::timestamptz group by a.job_id
      ) first on first.job_id = j.id
      where j.created_at >= ${fromAt}::timestamptz and j.created_at < ${untilAt}::timestamptz
        ${inCountry(p, sql`j.country`)}`,
    median(sql`hours`),
    NONE,
  );
}

/**
 * The median hours from posting to the last place taken, of the jobs posted in the point whose places
 * are all taken; an acceptance is the accepted application's last change (as work history reads it).
 */
export function hoursToFill(db: Queryable, p: HealthPeriod): Promise<HealthSeries> {
  const { fromAt, untilAt } = periodInstants(p);
  return bucketed(
    db,
    p,
    sql`select ${pointOf(p, sql`(j.created_at at time zone 'UTC')::date`)} as b,
        extract(epoch from filled.at - j.created_at)::float8 / 3600 as hours
      from jobs j
      cross join lateral (
        select max(a.updated_at) as at from job_applications a where a.job_id = j.id and a.status = 'accepted'
      ) filled
      where j.created_at >= ${fromAt}::timestamptz and j.created_at < ${untilAt}::timestamptz
        and j.accepted_count = j.max_workers and j.status <> 'cancelled' and filled.at is not null
        ${inCountry(p, sql`j.country`)}`,
    median(sql`hours`),
    NONE,
  );
}

/**
 * No-shows over hired worker-days, by shift day: every day of the job for a worker hired for all of
 * them, else the days they were hired for, of jobs not cancelled. A job lasts at most 7 days, so the
 * jobs that start up to 6 days before the period are read too.
 */
export function noShowRate(db: Queryable, p: HealthPeriod): Promise<HealthSeries> {
  return bucketed(
    db,
    p,
    sql`select ${pointOf(p, sql`d.day`)} as b, 1 as worker_days, 0 as no_shows
      from jobs j
      join job_applications a on a.job_id = j.id and a.status = 'accepted'
      cross join lateral unnest(coalesce(
        a.days, array(select j.start_date + i from generate_series(0, j.duration_days - 1) i)
      )) as d(day)
      where j.start_date between ${p.from}::date - 6 and ${p.to}::date and j.status <> 'cancelled'
        and d.day between ${p.from}::date and ${p.to}::date ${inCountry(p, sql`j.country`)}
      union all
      select ${pointOf(p, sql`e.on_date`)}, 0, 1
      from reliability_events e
      join jobs j on j.id = e.job_id and j.status <> 'cancelled'
      where e.kind = 'no_show' and e.on_date between ${p.from}::date and ${p.to}::date
        ${inCountry(p, sql`j.country`)}`,
    sql`sum(no_shows)::float8 / nullif(sum(worker_days), 0)`,
    NONE,
  );
}

/** Late cancellations (by hired workers and by owners) per point, by the day they were about. */
export function lateCancellations(db: Queryable, p: HealthPeriod): Promise<HealthSeries> {
  return bucketed(
    db,
    p,
    sql`select ${pointOf(p, sql`e.on_date`)} as b
      from reliability_events e
      ${p.country ? sql`join jobs j on j.id = e.job_id` : sql``}
      where e.kind = 'late_cancellation' and e.on_date between ${p.from}::date and ${p.to}::date
        ${inCountry(p, sql`j.country`)}`,
    sql`count(*)::float8`,
    ZERO,
  );
}
