import { JOB_CURRENCIES, type JobCurrency } from "./currencies.ts";
import { ERR } from "./errors.ts";

/*
 * How a job is paid (issue 39, docs/decisions/078): through Daywork (the employer's card is held before the
 * shift and workers are paid out by us) or directly (the employer pays the worker; each day is recorded in
 * the ledger's direct book, no money moves).
 */

/** The two ways to pay a job; `direct` is what every job posted before them became (migration 0040). */
export const PAY_MODES = ["through_daywork", "direct"] as const;
export type PayMode = (typeof PAY_MODES)[number];

/** Which payment provider moves a job's money, by its currency (docs/decisions/077); null: paid directly. */
export const PROVIDER_BY_CURRENCY = {
  RUB: "yookassa",
  EUR: "stripe",
  GBP: "stripe",
  USD: "stripe",
  // No provider we use pays out in tenge, sum or manat.
  KZT: null,
  UZS: null,
  TMT: null,
} as const satisfies Record<JobCurrency, "yookassa" | "stripe" | null>;

/** A currency some provider takes: the type of every amount that moves through one. */
export type ProviderCurrency = {
  [C in JobCurrency]: (typeof PROVIDER_BY_CURRENCY)[C] extends null ? never : C;
}[JobCurrency];

/**
 * The currencies a job can be paid through Daywork in: those a provider takes. The database checks the
 * same list (jobs_pay_mode, migration 0040).
 */
export const THROUGH_DAYWORK_CURRENCIES: readonly ProviderCurrency[] = JOB_CURRENCIES.filter(
  (c): c is ProviderCurrency => PROVIDER_BY_CURRENCY[c] !== null,
);

/** True when a provider takes `code` (a job's currency, or one a provider's answer names). */
export const isProviderCurrency = (code: string): code is ProviderCurrency =>
  (THROUGH_DAYWORK_CURRENCIES as readonly string[]).includes(code);

/** What a job's pay mode depends on. */
export type PayTerms = { readonly hourlyRate: number | null; readonly currency: JobCurrency };

/**
 * Why a job cannot be paid through Daywork, as the message key people read, or null when it can: without an
 * hourly rate there is nothing to hold or pay out; outside THROUGH_DAYWORK_CURRENCIES no provider takes it.
 */
export function throughDayworkRefusal(terms: PayTerms): string | null {
  if (terms.hourlyRate === null) return ERR.payModeNeedsRate;
  if (!isProviderCurrency(terms.currency)) return ERR.payModeCurrency;
  return null;
}

/** True when a job on these terms may be paid through Daywork. */
export function canPayThroughDaywork(terms: PayTerms): boolean {
  return throughDayworkRefusal(terms) === null;
}
