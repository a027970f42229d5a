import { formatNumber } from "../../lib/format.ts";
import { m } from "../../paraglide/messages.js";
import type { RouterOutputs } from "../../trpc.ts";

export type HealthOverview = RouterOutputs["health"]["overview"];
export type HealthSeriesName = keyof HealthOverview["series"];

type Figure = { title: () => string; hint: () => string; format: (value: number) => string };

const count = (value: number) => formatNumber(value);
const rate = (value: number) => m.health_percent({ value: formatNumber(value * 100, 1) });
const hours = (value: number) => m.health_hours({ value: formatNumber(value, 1) });
const perThousand = (value: number) => formatNumber(value, 1);

/** How the console names, explains and writes each health figure (docs/decisions/072), in page order. */
export const HEALTH_FIGURES: Record<HealthSeriesName, Figure> = {
  jobsPosted: { title: () => m.health_jobs_posted(), hint: () => m.health_jobs_posted_hint(), format: count },
  fillRate: { title: () => m.health_fill_rate(), hint: () => m.health_fill_rate_hint(), format: rate },
  hoursToFirstApplication: {
    title: () => m.health_first_application(),
    hint: () => m.health_first_application_hint(),
    format: hours,
  },
  hoursToFill: { title: () => m.health_time_to_fill(), hint: () => m.health_time_to_fill_hint(), format: hours },
  noShowRate: { title: () => m.health_no_show_rate(), hint: () => m.health_no_show_rate_hint(), format: rate },
  lateCancellations: {
    title: () => m.health_late_cancellations(),
    hint: () => m.health_late_cancellations_hint(),
    format: count,
  },
  reportsPer1000Jobs: {
    title: () => m.health_reports_per_1000_jobs(),
    hint: () => m.health_reports_per_1000_jobs_hint(),
    format: perThousand,
  },
  hoursToDecision: { title: () => m.health_time_to_decision(), hint: () => m.health_time_to_decision_hint(), format: hours },
  appeals: { title: () => m.health_appeals(), hint: () => m.health_appeals_hint(), format: count },
  reversals: { title: () => m.health_reversals(), hint: () => m.health_reversals_hint(), format: count },
};

/** A figure's value as the page writes it, or a dash for nothing to measure. */
export function formatFigure(name: HealthSeriesName, value: number | null): string {
  return value === null ? m.health_no_value() : HEALTH_FIGURES[name].format(value);
}
