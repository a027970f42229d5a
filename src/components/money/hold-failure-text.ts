import type { HoldFailureKind } from "../../../domain/planned-cost.ts";
import { m } from "../../paraglide/messages.js";

/** Why a hold on the employer's card failed, as a sentence's end (docs/decisions/079). */
export function holdFailureText(reason: HoldFailureKind): string {
  switch (reason) {
    case "declined":
      return m.pay_hold_reason_declined();
    case "insufficient_funds":
      return m.pay_hold_reason_insufficient_funds();
    case "expired":
      return m.pay_hold_reason_expired();
    case "no_provider":
      return m.pay_hold_reason_no_provider();
    case "refused":
      return m.pay_hold_reason_refused();
  }
}
