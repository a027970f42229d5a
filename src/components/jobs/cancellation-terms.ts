import { LATE_CANCELLATION_PAY_HOURS } from "../../../domain/cancellation-pay.ts";
import type { JobCurrency } from "../../../domain/currencies.ts";
import { formatMoney } from "../../lib/format.ts";
import { m } from "../../paraglide/messages.js";

/**
 * The cancellation rule in plain words, as the job page states it to everyone before anyone applies
 * (docs/decisions/078): what a late cancellation pays the worker, LATE_CANCELLATION_PAY_HOURS at the job's
 * rate, and what a worker's own costs. Kept off the home list's code.
 */
export function cancellationTerms(job: { hourlyRate: number | null; currency: JobCurrency }): string {
  if (job.hourlyRate === null) return m.job_cancellation_terms_negotiable();
  // Four times a rate in whole cents is exact in floating point: the figure the ledger posts in minor units.
  return m.job_cancellation_terms({ amount: formatMoney(job.hourlyRate * LATE_CANCELLATION_PAY_HOURS, job.currency) });
}
