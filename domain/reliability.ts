import { z } from "zod";

import { instantAt } from "./attendance.ts";
import { ERR } from "./errors.ts";
import { rowIdSchema } from "./ids.ts";
import { optionalText } from "./text.ts";

/**
 * Reliability in numbers (docs/decisions/033): what a person did, counted, never a secret score.
 * A strike is a late cancellation or a no-show; it stops counting after enough clean shifts.
 */

/** A cancellation with less notice than this before the job's start (local midnight of its start date) is late. */
export const LATE_CANCELLATION_HOURS = 24;

/** A strike expires once the person has completed this many shifts after it. */
export const STRIKE_CLEAN_SHIFTS = 5;

/** A public reply to a strike is at most this long. */
export const RELIABILITY_REPLY_MAX = 500;

/** The kinds of event that are strikes. */
export const RELIABILITY_EVENT_KINDS = ["late_cancellation", "no_show"] as const;
export type ReliabilityEventKind = (typeof RELIABILITY_EVENT_KINDS)[number];

/** Who a late cancellation came from: the hired worker withdrawing, or the owner cancelling the job. */
export const RELIABILITY_ROLES = ["worker", "employer"] as const;
export type ReliabilityRole = (typeof RELIABILITY_ROLES)[number];

/** A check-in up to this many minutes after the shift's start time is on time. */
export const ON_TIME_GRACE_MINUTES = 10;

/**
 * When a job starts: its first day's shift start time (local, in its time zone), or local midnight of its
 * start date when the job states no time.
 */
export function jobStartsAt(startDate: string, timeZone: string, startTime: string | null = null): Date {
  return instantAt(startDate, startTime?.slice(0, 5) ?? "00:00", timeZone);
}

/** Whole hours of notice a cancellation at `now` gives before the start; negative once it has begun. */
export function hoursOfNotice(startDate: string, timeZone: string, now: Date, startTime: string | null = null): number {
  return Math.floor((jobStartsAt(startDate, timeZone, startTime).getTime() - now.getTime()) / 3_600_000);
}

/** True when a cancellation at `now` is late: less than LATE_CANCELLATION_HOURS before the start. */
export function isLateCancellation(startDate: string, timeZone: string, now: Date, startTime: string | null = null): boolean {
  return jobStartsAt(startDate, timeZone, startTime).getTime() - now.getTime() < LATE_CANCELLATION_HOURS * 3_600_000;
}

/** The person's public reply to one of their strikes; blank removes it. */
export const reliabilityReplySchema = z.object({
  id: rowIdSchema,
  reply: optionalText(RELIABILITY_REPLY_MAX, ERR.reliabilityReplyTooLong),
});
export type ReliabilityReplyValues = z.input<typeof reliabilityReplySchema>;
