import { z } from "zod";

import { calendarDate } from "./calendar-date.ts";
import { COUNTRY_CODES } from "./countries.ts";
import { ERR } from "./errors.ts";

/**
 * Marketplace health in the operator console (docs/decisions/072): figures over the last 7, 30 or 90
 * days (UTC), per day, or per week for 90 days.
 */
export const HEALTH_WINDOWS = [7, 30, 90] as const;
export type HealthWindow = (typeof HEALTH_WINDOWS)[number];

/** The days one point of a window's series covers: a week for 90 days, else a day. */
export function healthStepDays(window: HealthWindow): number {
  return window === 90 ? 7 : 1;
}

/** The first and last day (YYYY-MM-DD, UTC) of the `window` days that end with `today`'s. */
export function healthPeriod(window: HealthWindow, today: Date): { from: string; to: string } {
  const to = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  const from = new Date(to.getTime() - (window - 1) * 86_400_000);
  return { from: from.toISOString().slice(0, 10), to: to.toISOString().slice(0, 10) };
}

export const healthOverviewSchema = z.object({
  window: z.union([z.literal(7), z.literal(30), z.literal(90)], { error: ERR.filterInvalid }),
  country: z.enum(COUNTRY_CODES, { error: ERR.filterInvalid }).optional(),
});
export type HealthOverviewInput = z.infer<typeof healthOverviewSchema>;

/** The longest period one transparency export covers: a year and a day (a leap year's report). */
export const TRANSPARENCY_PERIOD_MAX_DAYS = 366;

export const transparencyExportSchema = z
  .object({ from: calendarDate(ERR.healthPeriodInvalid), to: calendarDate(ERR.healthPeriodInvalid) })
  .refine(
    (p) => p.from <= p.to && Date.parse(p.to) - Date.parse(p.from) < TRANSPARENCY_PERIOD_MAX_DAYS * 86_400_000,
    ERR.healthPeriodInvalid,
  );
export type TransparencyExportInput = z.infer<typeof transparencyExportSchema>;
