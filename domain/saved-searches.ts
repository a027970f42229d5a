import { z } from "zod";

import { ERR } from "./errors.ts";
import { rowIdSchema } from "./ids.ts";
import { jobFiltersSchema } from "./job-filters.ts";

/**
 * How a person hears of new jobs that match a saved search (docs/decisions/023): `instant` a notice per
 * new job, `daily` one digest a day at SAVED_SEARCH_DIGEST_LOCAL_HOUR in their time zone, `off` none.
 */
export const SAVED_SEARCH_ALERTS = ["instant", "daily", "off"] as const;
export type SavedSearchAlerts = (typeof SAVED_SEARCH_ALERTS)[number];

/** The local hour (recipient's time zone, UTC when unknown) from which the day's digest goes out. */
export const SAVED_SEARCH_DIGEST_LOCAL_HOUR = 8;
/** Jobs a digest names (the newest); its count says how many there are in all. */
export const SAVED_SEARCH_DIGEST_JOBS = 5;

const alertsSchema = z.enum(SAVED_SEARCH_ALERTS, { error: ERR.filterInvalid });

/** `savedSearches.create`: the home page's filters as they are (empty ones and a cursor are dropped). */
export const savedSearchCreateSchema = z.object({
  filters: jobFiltersSchema,
  alerts: alertsSchema.optional(),
});

/** `savedSearches.update`: how one of the caller's saved searches alerts. */
export const savedSearchUpdateSchema = z.object({ id: rowIdSchema, alerts: alertsSchema });
