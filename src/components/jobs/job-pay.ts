import { lateCancellationPay } from "../../../domain/cancellation-pay.ts";
import type { JobCurrency } from "../../../domain/currencies.ts";
import { fromMinorUnits } from "../../../domain/minor-units.ts";
import type { PayMode } from "../../../domain/pay-mode.ts";
import { formatMoney } from "../../lib/format.ts";
import { m } from "../../paraglide/messages.js";

/** "Pay secured by Daywork" or "Paid directly by the employer": the job page's fact and the card's badge. */
export function payModeLabel(payMode: PayMode): string {
  return payMode === "through_daywork" ? m.job_pay_secured() : m.job_pay_direct();
}

/**
 * The cancellation rule in plain words (docs/decisions/078), stated before anyone applies: to a visitor
 * or worker what they get if the employer cancels late and what a late cancellation of theirs costs; to
 * the owner what cancelling late costs them. The amount is LATE_CANCELLATION_PAY_HOURS at the job's rate.
 */
export function cancellationTerms(job: { hourlyRate: number | null; currency: JobCurrency }, reader: "owner" | "worker"): string {
  const minor = job.hourlyRate === null ? null : lateCancellationPay(String(job.hourlyRate), job.currency);
  if (minor === null) return reader === "owner" ? m.job_cancellation_owner_negotiable() : m.job_cancellation_worker_negotiable();
  const amount = formatMoney(Number(fromMinorUnits(minor, job.currency)), job.currency);
  return reader === "owner" ? m.job_cancellation_owner({ amount }) : m.job_cancellation_worker({ amount });
}
