import type { JobCurrency } from "./currencies.ts";
import { toMinorUnits } from "./minor-units.ts";

/*
 * What an employer's late cancellation pays the worker (docs/decisions/078). Apart from the rule of when
 * it is owed (domain/late-cancellation.ts) so that a job page can state the amount without loading schemas.
 */

/**
 * Hours of pay at the job's hourly rate an employer owes each hired worker whose shift they cancel, or take
 * them off, less than LATE_CANCELLATION_HOURS before it starts: what Instawork, Indeed Flex and Qwick pay.
 */
export const LATE_CANCELLATION_PAY_HOURS = 4;

/**
 * The compensation at an hourly rate of `hourlyRate` (a decimal as Postgres prints it, "450.50"), in minor
 * units of `currency`: LATE_CANCELLATION_PAY_HOURS × the rate, exact. Null for a job with no stated rate (its
 * compensation is that many hours at the rate the two agreed, which Daywork does not know) or a rate that
 * is not a plain decimal of the currency.
 */
export function lateCancellationPay(hourlyRate: string | null, currency: JobCurrency): bigint | null {
  if (hourlyRate === null) return null;
  const rate = toMinorUnits(hourlyRate, currency);
  if (rate === null || rate <= 0n) return null;
  return rate * BigInt(LATE_CANCELLATION_PAY_HOURS);
}
