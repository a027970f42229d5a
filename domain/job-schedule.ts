import { shiftStartsAt } from "./attendance.ts";
import { LATE_CANCELLATION_HOURS } from "./reliability.ts";
import { shiftDates } from "./wall-clock.ts";

/**
 * A job's days and start time, where they are counted: what a hired worker agreed to come for. When the
 * owner moves them, every hired worker is told and may withdraw without a strike (docs/decisions/056).
 */
export type JobSchedule = { startDate: string; startTime: string | null; durationDays: number; timeZone: string };

/** The instant each of the job's shift days starts, day 0 first. */
function shiftStarts(schedule: JobSchedule): number[] {
  return shiftDates(schedule.startDate, schedule.durationDays).map((date) =>
    shiftStartsAt(date, schedule.startTime, schedule.timeZone).getTime(),
  );
}

/** True when an edit moves a shift day's start, or adds or removes a day. */
export function scheduleMoved(before: JobSchedule, after: JobSchedule): boolean {
  const was = shiftStarts(before);
  const next = shiftStarts(after);
  return was.length !== next.length || next.some((start, i) => start !== was[i]);
}

/**
 * True when an edit brings a hired worker's day forward to start within LATE_CANCELLATION_HOURS: the notice a
 * worker owes to leave is the notice they are owed (docs/decisions/056).
 */
export function bringsShiftsForwardAtShortNotice(before: JobSchedule, after: JobSchedule, now: Date): boolean {
  const was = shiftStarts(before);
  const soon = now.getTime() + LATE_CANCELLATION_HOURS * 3_600_000;
  return shiftStarts(after).some((start, i) => {
    const old = was[i];
    const forward = old === undefined || (old > now.getTime() && start < old);
    return forward && start < soon;
  });
}
