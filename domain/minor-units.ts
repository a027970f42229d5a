import type { JobCurrency } from "./currencies.ts";

/**
 * Digits of each job currency's minor unit, from ISO 4217 (kopeck, tiyn, tiyin, tenge, cent, penny): the
 * ledger counts money in these units as integers (docs/decisions/076). All seven have two today; a
 * currency added to JOB_CURRENCIES must say its own here.
 */
export const MINOR_UNIT_DIGITS: Record<JobCurrency, number> = {
  RUB: 2,
  KZT: 2,
  UZS: 2,
  TMT: 2,
  EUR: 2,
  USD: 2,
  GBP: 2,
};

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * A decimal amount as Postgres prints a numeric ("350.50", "12") in minor units of `currency`, exactly,
 * without passing through a binary float. Null when the text is not a plain decimal or has more
 * fractional digits than the currency's minor unit (which would need rounding nobody asked for).
 */
export function toMinorUnits(decimal: string, currency: JobCurrency): bigint | null {
  const parts = DECIMAL.exec(decimal.trim());
  if (!parts) return null;
  const [, sign = "", whole = "0", fraction = ""] = parts;
  const digits = MINOR_UNIT_DIGITS[currency];
  // Trailing zeros beyond the minor unit carry nothing ("350.500" is 35050 kopecks).
  const significant = fraction.replace(/0+$/, "");
  if (significant.length > digits) return null;
  const minor = BigInt(whole) * 10n ** BigInt(digits) + BigInt(significant.padEnd(digits, "0") || "0");
  return sign === "-" ? -minor : minor;
}

/** Minor units written as a decimal in the currency's major unit ("35050" kopecks → "350.50"), for CSV and exports. */
export function fromMinorUnits(minor: bigint, currency: JobCurrency): string {
  const digits = MINOR_UNIT_DIGITS[currency];
  const magnitude = (minor < 0n ? -minor : minor).toString().padStart(digits + 1, "0");
  const text = digits === 0 ? magnitude : `${magnitude.slice(0, -digits)}.${magnitude.slice(-digits)}`;
  return minor < 0n ? `-${text}` : text;
}

/**
 * numerator / denominator rounded to the nearest integer, halves away from zero: Postgres's round() of a
 * numeric, which server/timesheets/earnings.ts uses, so the ledger and the earnings screen agree.
 */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError("denominator must be positive");
  const magnitude = ((numerator < 0n ? -numerator : numerator) * 2n + denominator) / (2n * denominator);
  return numerator < 0n ? -magnitude : magnitude;
}
