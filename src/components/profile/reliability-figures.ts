import type { ReliabilityRole } from "../../../domain/reliability.ts";
import { m } from "../../paraglide/messages.js";

/** The counts of a person's reliability, as the server answers them (server/reliability/figures.ts). */
export type ReliabilityCounts = {
  role: ReliabilityRole;
  shiftsCompleted: number;
  timedShifts: number;
  onTimeShifts: number;
  lateCancellations: number;
  noShows: number;
  activeStrikes: number;
};

/**
 * The figures that apply to the person's role, each a label, a value and a test id: a worker's shifts
 * completed, on time, late cancellations, no-shows and active strikes; an employer's shifts worked on
 * their jobs, late cancellations and active strikes (an employer has no check-ins to be late for and
 * cannot be a no-show: docs/decisions/047).
 */
export function reliabilityFigures(
  reliability: ReliabilityCounts,
): { label: string; value: string | number; title?: string; testId: string }[] {
  const late = { label: m.reliability_late_cancellations(), value: reliability.lateCancellations, testId: "reliability-late" };
  const active = { label: m.reliability_active_strikes(), value: reliability.activeStrikes, testId: "reliability-active" };
  if (reliability.role === "employer") {
    return [
      { label: m.reliability_shifts_on_jobs(), value: reliability.shiftsCompleted, testId: "reliability-shifts" },
      late,
      active,
    ];
  }
  return [
    { label: m.reliability_shifts_completed(), value: reliability.shiftsCompleted, testId: "reliability-shifts" },
    {
      label: m.reliability_on_time(),
      value:
        reliability.timedShifts > 0
          ? m.reliability_on_time_value({ onTime: reliability.onTimeShifts, total: reliability.timedShifts })
          : "–",
      title: reliability.timedShifts > 0 ? undefined : m.reliability_on_time_none(),
      testId: "reliability-on-time",
    },
    late,
    { label: m.reliability_no_shows(), value: reliability.noShows, testId: "reliability-no-shows" },
    active,
  ];
}
