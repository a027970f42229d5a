import { formatMoney } from "../../lib/format.ts";
import { m } from "../../paraglide/messages.js";
import { personName } from "../profile/person-name.ts";

/** "₽450/hour", or "Negotiable" when the job has no rate. */
export function rateLabel(hourlyRate: number | null, currency: string): string {
  return hourlyRate === null ? m.job_card_negotiable() : m.job_card_per_hour({ amount: formatMoney(hourlyRate, currency) });
}

/** The name an employer is shown by: the company when there is one, else the person. */
export function employerName(employer: { fullName: string; companyName: string | null }): string {
  return employer.companyName?.trim() ? employer.companyName : personName(employer.fullName);
}
