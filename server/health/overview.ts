import type { Queryable } from "../../db/database.ts";
import { appealsMade, hoursToDecision, reportsPer1000Jobs, reversals } from "./moderation.ts";
import type { HealthPeriod, HealthSeries } from "./period.ts";
import { fillRate, hoursToFill, hoursToFirstApplication, jobsPosted, lateCancellations, noShowRate } from "./series.ts";

/**
 * The console's health figures, by name, in page order (docs/decisions/072): the marketplace's, then
 * moderation's (server/health/moderation.ts).
 */
export const HEALTH_SERIES = {
  jobsPosted,
  fillRate,
  hoursToFirstApplication,
  hoursToFill,
  noShowRate,
  lateCancellations,
  reportsPer1000Jobs,
  hoursToDecision,
  appeals: appealsMade,
  reversals,
} satisfies Record<string, (db: Queryable, p: HealthPeriod) => Promise<HealthSeries>>;

export type HealthSeriesName = keyof typeof HEALTH_SERIES;
export type HealthOverview = {
  from: string;
  to: string;
  stepDays: number;
  series: Record<HealthSeriesName, HealthSeries>;
};

/** Every health figure over `p`, one statement each, one after the other (they share one connection at most). */
export async function healthOverview(db: Queryable, p: HealthPeriod): Promise<HealthOverview> {
  const series = {} as Record<HealthSeriesName, HealthSeries>;
  for (const name of Object.keys(HEALTH_SERIES) as HealthSeriesName[]) {
    series[name] = await HEALTH_SERIES[name](db, p);
  }
  return { from: p.from, to: p.to, stepDays: p.stepDays, series };
}
