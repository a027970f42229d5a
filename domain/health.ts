import { z } from "zod";

import { calendarDate } from "./calendar-date.ts";
import { COUNTRY_CODES } from "./countries.ts";
import { ERR } from "./errors.ts";

/** The health page's choices (docs/decisions/072): a window of 7, 30 or 90 days, and maybe a country. */
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
