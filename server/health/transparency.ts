import { sql } from "drizzle-orm";

import { queryRows, type Queryable } from "../../db/database.ts";
import type { TransparencyExportInput } from "../../domain/health.ts";
import { APPEAL_KINDS, APPEAL_OUTCOMES, MODERATION_ACTIONS } from "../../domain/moderation/decisions.ts";
import { MODERATION_GROUNDS } from "../../domain/moderation/grounds.ts";
import { REPORT_REASONS } from "../../domain/reports.ts";
import { decisionFacts } from "./moderation.ts";
import { periodInstants } from "./period.ts";

/** Where a decision came from (DSA art. 15(1)): a notice (a report), own-initiative detection (a hold), or neither. */
const DECISION_SOURCES = ["notice", "own_initiative", "other"] as const;

type Count = { metric: string; key: string | null; value: number | null };

/**
 * The counts a DSA transparency report (art. 15 and 24) takes from Daywork for a period (UTC days, both
 * ends included), as CSV: every count the marketplace records, zero when nothing happened, a median left
 * empty when there was nothing to measure. Definitions in docs/decisions/072, "Moderation figures".
 */
export async function transparencyCsv(db: Queryable, p: TransparencyExportInput): Promise<string> {
  const { fromAt, untilAt } = periodInstants({ from: p.from, to: p.to, stepDays: 1 });
  const inPeriod = (column: string) =>
    sql`${sql.raw(column)} >= ${fromAt}::timestamptz and ${sql.raw(column)} < ${untilAt}::timestamptz`;
  const hours = (from: string, to: string) =>
    sql.raw(`percentile_cont(0.5) within group (order by extract(epoch from ${to} - ${from})::float8 / 3600)`);
  const counts = await queryRows<Count>(
    db,
    sql`with d as (${decisionFacts(fromAt, untilAt)})
    select 'jobs_posted' as metric, null as key, count(*)::float8 as value from jobs where ${inPeriod("created_at")}
    union all select 'accounts_created', null, count(*)::float8 from "user" where ${inPeriod("created_at")}
    union all select 'notices_received', reason, count(*)::float8 from reports where ${inPeriod("created_at")} group by reason
    union all select 'decisions', action, count(*)::float8 from d group by action
    union all select 'decisions_ground', ground, count(*)::float8 from d group by ground
    union all select 'decisions_source', source, count(*)::float8 from (
      select case when reported_at is not null then 'notice' when held_at is not null then 'own_initiative' else 'other' end
        as source from d
    ) s group by source
    union all select 'hours_to_decision_median', null, ${hours("opened_at", "decided_at")} from d where opened_at is not null
    union all select 'appeals_received', kind, count(*)::float8 from appeals where ${inPeriod("created_at")} group by kind
    union all select 'appeals_decided', outcome, count(*)::float8 from appeals where ${inPeriod("answered_at")} group by outcome
    union all select 'hours_to_appeal_answer_median', null, ${hours("created_at", "answered_at")}
      from appeals where ${inPeriod("answered_at")}
    union all select 'accounts_sanctioned', kind, count(distinct user_id)::float8
      from account_sanctions where ${inPeriod("starts_at")} group by kind`,
  );
  const value = (metric: string, key: string | null = null) =>
    counts.find((c) => c.metric === metric && c.key === key)?.value ?? null;
  const total = (metric: string) => counts.filter((c) => c.metric === metric).reduce((sum, c) => sum + (c.value ?? 0), 0);
  // Every key the marketplace knows, then any other the rows hold (a ground retired since), so none is lost.
  const keyed = (metric: string, known: readonly string[]) => {
    const found = counts.flatMap((c) => (c.metric === metric && c.key !== null && !known.includes(c.key) ? [c.key] : []));
    return [...known, ...found.sort()].map((key) => [`${metric}:${key}`, value(metric, key) ?? 0] as const);
  };
  const metrics: (readonly [string, number | null])[] = [
    ["jobs_posted", value("jobs_posted") ?? 0],
    ["accounts_created", value("accounts_created") ?? 0],
    ["notices_received", total("notices_received")],
    ...keyed("notices_received", REPORT_REASONS),
    ["decisions", total("decisions")],
    ...keyed("decisions", MODERATION_ACTIONS),
    ...keyed("decisions_ground", MODERATION_GROUNDS),
    ...keyed("decisions_source", DECISION_SOURCES),
    ["hours_to_decision_median", value("hours_to_decision_median")],
    ["appeals_received", total("appeals_received")],
    ...keyed("appeals_received", APPEAL_KINDS),
    ["appeals_decided", total("appeals_decided")],
    ...keyed("appeals_decided", APPEAL_OUTCOMES),
    ["hours_to_appeal_answer_median", value("hours_to_appeal_answer_median")],
    ["accounts_restricted", value("accounts_sanctioned", "restricted") ?? 0],
    ["accounts_banned", value("accounts_sanctioned", "banned") ?? 0],
  ];
  const rows = [
    ["period_start", "period_end", "metric", "value"],
    ...metrics.map(([metric, v]) => [p.from, p.to, metric, v === null ? "" : String(Math.round(v * 100) / 100)]),
  ];
  return rows.map((r) => r.join(",")).join("\r\n") + "\r\n";
}
