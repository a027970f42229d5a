import { payForMinutes, platformFee } from "./ledger.ts";
import { HOLD_ASK_DAYS_BEFORE_LAST_DAY, PLANNED_HOURS_PER_DAY } from "./planned-cost.ts";
import { addDays } from "./wall-clock.ts";

/** One hired worker's planned pay for `days` days at `hourlyRateMinor` (docs/decisions/079), and the platform's fee on it. */
export function plannedShare(hourlyRateMinor: bigint, days: number): { pay: bigint; fee: bigint } {
  // Per day as a timesheet of the planned hours would post it, so the fee rounds as agreed days do.
  const dayPay = payForMinutes(PLANNED_HOURS_PER_DAY * 60, hourlyRateMinor);
  const n = BigInt(days);
  return { pay: dayPay * n, fee: platformFee(dayPay) * n };
}

/**
 * The day a hold for a job ending on `lastDay` is asked, judged on `today` (both YYYY-MM-DD): today when
 * the last day is at most HOLD_ASK_DAYS_BEFORE_LAST_DAY away, else that many days before it.
 */
export function holdAskDate(lastDay: string, today: string): string {
  const ask = addDays(lastDay, -HOLD_ASK_DAYS_BEFORE_LAST_DAY);
  return ask > today ? ask : today;
}
