import { z } from "zod";

/**
 * A real calendar day as YYYY-MM-DD: month 1-12, a day the month has (no 2023-02-29, no 2024-02-30),
 * and no year 0, which Postgres refuses. Anything else is `message`, never a database error.
 */
export function calendarDate(message: string) {
  return z.iso.date(message).refine((v) => !v.startsWith("0000"), message);
}
