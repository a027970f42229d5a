import type { PayMode } from "../../../domain/pay-mode.ts";
import { m } from "../../paraglide/messages.js";

/** "Pay secured by Daywork" or "Paid directly by the employer": the job page's fact and the card's badge. */
export function payModeLabel(payMode: PayMode): string {
  return payMode === "through_daywork" ? m.job_pay_secured() : m.job_pay_direct();
}
