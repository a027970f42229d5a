import { sql, type SQL } from "drizzle-orm";

import type { Queryable } from "../../db/database.ts";
import { inCountry, periodInstants, pointOf, type HealthPeriod, type HealthSeries } from "./period.ts";
import { bucketed, median, NONE, ZERO } from "./series.ts";

/**
 * Moderation's health figures (docs/decisions/072, "Moderation figures"): reports per 1,000 jobs, hours
 * to a decision, appeals and reversals. Reports, decisions and appeals have a country only through a
 * job: in one country's figures only what is about a job of that country counts.
 */

/** A job's id from a report's or decision's text `subject_id`, only for job subjects (null otherwise, never a cast error). */
export function subjectJobId(type: SQL, id: SQL): SQL {
  return sql`(case when ${type} = 'job' and ${id} ~ '^[0-9a-fA-F-]{36}$' then (${id})::uuid end)`;
}

/**
 * The decisions taken in [fromAt, untilAt), each with when its item entered the queue: the oldest report
 * of the item open at the decision (created by then, closed then or later, or still open), or the held
 * job's waiting hold, whichever is older. `opened_at` is null for a decision on nothing waiting (an
 * operator's own restore, say): such a decision has no time to a decision. `reported_at` and `held_at`
 * tell notices from own-initiative detection (holds).
 */
export function decisionFacts(fromAt: string, untilAt: string, country?: string): SQL {
  const jobId = subjectJobId(sql`d.subject_type`, sql`d.subject_id`);
  return sql`select d.id, d.action, d.ground, d.decided_at, rep.reported_at, hold.held_at,
      least(rep.reported_at, hold.held_at) as opened_at
    from moderation_decisions d
    ${country ? sql`join jobs j on j.id = ${jobId} and j.country = ${country}` : sql``}
    left join lateral (
      select min(r.created_at) as reported_at from reports r
      where r.subject_type = d.subject_type and r.subject_id = d.subject_id
        and r.created_at <= d.decided_at and (r.closed_at is null or r.closed_at >= d.decided_at)
    ) rep on true
    left join lateral (
      select min(h.held_at) as held_at from job_holds h
      where h.job_id = ${jobId} and h.held_at <= d.decided_at and (h.decided_at is null or h.decided_at >= d.decided_at)
    ) hold on true
    where d.decided_at >= ${fromAt}::timestamptz and d.decided_at < ${untilAt}::timestamptz`;
}

/**
 * The job an appeal is about, for the country filter: a decision's job subject, a timesheet's job, a
 * strike's job (null once the strike's row is gone, or for a decision on a profile, message or review).
 */
function appealsInCountry(p: HealthPeriod): SQL {
  if (!p.country) return sql``;
  return sql`left join moderation_decisions d on d.id = a.decision_id
    left join timesheets ts on ts.id = a.timesheet_id
    left join reliability_events e on e.id = a.reliability_event_id
    join jobs j on j.id = coalesce(${subjectJobId(sql`d.subject_type`, sql`d.subject_id`)}, ts.job_id, e.job_id)
      and j.country = ${p.country}`;
}

/**
 * Reports received per 1,000 jobs posted, both by the day they arrived; null for a point with no job
 * posted. In one country: reports of that country's jobs per 1,000 of its jobs.
 */
export function reportsPer1000Jobs(db: Queryable, p: HealthPeriod): Promise<HealthSeries> {
  const { fromAt, untilAt } = periodInstants(p);
  return bucketed(
    db,
    p,
    sql`select ${pointOf(p, sql`(r.created_at at time zone 'UTC')::date`)} as b, 1 as reports, 0 as jobs
      from reports r
      ${p.country ? sql`join jobs j on j.id = ${subjectJobId(sql`r.subject_type`, sql`r.subject_id`)}` : sql``}
      where r.created_at >= ${fromAt}::timestamptz and r.created_at < ${untilAt}::timestamptz
        ${inCountry(p, sql`j.country`)}
      union all
      select ${pointOf(p, sql`(j.created_at at time zone 'UTC')::date`)}, 0, 1
      from jobs j
      where j.created_at >= ${fromAt}::timestamptz and j.created_at < ${untilAt}::timestamptz ${inCountry(p, sql`j.country`)}`,
    sql`sum(reports)::float8 * 1000 / nullif(sum(jobs), 0)`,
    NONE,
  );
}

/**
 * The median hours from an item entering the queue (its oldest report open at the decision, or its
 * waiting hold) to the operator's decision, by the decision's day; decisions on nothing waiting are left out.
 */
export function hoursToDecision(db: Queryable, p: HealthPeriod): Promise<HealthSeries> {
  const { fromAt, untilAt } = periodInstants(p);
  return bucketed(
    db,
    p,
    sql`select ${pointOf(p, sql`(f.decided_at at time zone 'UTC')::date`)} as b,
        extract(epoch from f.decided_at - f.opened_at)::float8 / 3600 as hours
      from (${decisionFacts(fromAt, untilAt, p.country)}) f
      where f.opened_at is not null`,
    median(sql`hours`),
    NONE,
  );
}

/** Appeals made per point (of decisions, timesheets and strikes), by the day they were made. */
export function appealsMade(db: Queryable, p: HealthPeriod): Promise<HealthSeries> {
  const { fromAt, untilAt } = periodInstants(p);
  return bucketed(
    db,
    p,
    sql`select ${pointOf(p, sql`(a.created_at at time zone 'UTC')::date`)} as b
      from appeals a ${appealsInCountry(p)}
      where a.created_at >= ${fromAt}::timestamptz and a.created_at < ${untilAt}::timestamptz`,
    sql`count(*)::float8`,
    ZERO,
  );
}

/** Appeals answered "reversed" per point, by the day of the answer (a settled timesheet is not a reversal). */
export function reversals(db: Queryable, p: HealthPeriod): Promise<HealthSeries> {
  const { fromAt, untilAt } = periodInstants(p);
  return bucketed(
    db,
    p,
    sql`select ${pointOf(p, sql`(a.answered_at at time zone 'UTC')::date`)} as b
      from appeals a ${appealsInCountry(p)}
      where a.outcome = 'reversed' and a.answered_at >= ${fromAt}::timestamptz and a.answered_at < ${untilAt}::timestamptz`,
    sql`count(*)::float8`,
    ZERO,
  );
}
