import { sql, type SQL } from "drizzle-orm";

import type { CountryCode } from "../../domain/countries.ts";
import { healthPeriod, healthStepDays, type HealthWindow } from "../../domain/health-windows.ts";

/** The days a health query covers (UTC, both ends included), cut into points of `stepDays` days. */
export type HealthPeriod = { from: string; to: string; stepDays: number; country?: CountryCode };

/** One point of a series: the first day it covers and its figure (null: nothing to measure). */
export type HealthPoint = { start: string; value: number | null };
/** A figure per point, and the same figure over the whole period (not an average of the points). */
export type HealthSeries = { points: HealthPoint[]; total: number | null };

/** The period of the last `window` days up to `now`'s day, optionally in one country. */
export function periodOf(window: HealthWindow, now: Date, country?: CountryCode): HealthPeriod {
  return { ...healthPeriod(window, now), stepDays: healthStepDays(window), country };
}

const DAY_MS = 86_400_000;

function dayNumber(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / DAY_MS;
}

/** How many points the period has (the last may cover fewer days: 90 days are 12 weeks and 6 days). */
export function pointCount(p: HealthPeriod): number {
  return Math.ceil((dayNumber(p.to) - dayNumber(p.from) + 1) / p.stepDays);
}

/** The first instant of the period and the first instant after it. */
export function periodInstants(p: HealthPeriod): { fromAt: string; untilAt: string } {
  const until = new Date((dayNumber(p.to) + 1) * DAY_MS);
  return { fromAt: `${p.from}T00:00:00.000Z`, untilAt: until.toISOString() };
}

/** The point (0, 1, ...) a day (an SQL date expression) falls in. */
export function pointOf(p: HealthPeriod, day: SQL): SQL {
  return sql`((${day}) - ${p.from}::date) / ${p.stepDays}::int`;
}

/** `and <column> = country` when the period is of one country. */
export function inCountry(p: HealthPeriod, column: SQL): SQL {
  return p.country ? sql`and ${column} = ${p.country}` : sql``;
}

/** The first day of point `index`. */
export function pointStart(p: HealthPeriod, index: number): string {
  return new Date((dayNumber(p.from) + index * p.stepDays) * DAY_MS).toISOString().slice(0, 10);
}
