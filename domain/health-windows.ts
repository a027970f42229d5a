/**
 * Marketplace health in the operator console (docs/decisions/072): figures over the last 7, 30 or 90
 * days (UTC), per day, or per week for 90 days. Without zod: the console's route reads the window from
 * its address at start, and zod stays out of the first load.
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
