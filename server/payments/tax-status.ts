import type { ProviderResult } from "./provider-result.ts";

/** The tax service's answer: whether the ИНН was a self-employed (НПД) payer on the date asked. */
export type TaxStatus = { selfEmployed: boolean; message: string };

/**
 * The Federal Tax Service's public status check (statusnpd.nalog.ru). Its failures are `rejected`
 * (the service refused the number or the date), `timeout` or `unavailable` (also when rate-limited).
 */
export interface TaxStatusCheck {
  check(inn: string, on: string): Promise<ProviderResult<TaxStatus>>;
}
