import type { Queryable } from "../../db/database.ts";
import type { HealthPeriod, HealthSeries } from "./period.ts";
import { fillRate, hoursToFill, hoursToFirstApplication, jobsPosted, lateCancellations, noShowRate } from "./series.ts";

/**
 * The console's health figures, by name. Moderation's (reports per 1,000 jobs, hours to a decision,
 * appeals and reversals) join as more entries once reports and decisions exist (docs/decisions/072).
 */
export const HEALTH_SERIES = {
  jobsPosted,
  fillRate,
  hoursToFirstApplication,
  hoursToFill,
  noShowRate,
  lateCancellations,
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
