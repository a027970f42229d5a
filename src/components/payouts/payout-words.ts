import type { PayoutFailureKind, PayoutMethodKind } from "../../../domain/payouts.ts";
import { m } from "../../paraglide/messages.js";

/** Why a payout failed, in the reader's language. */
export function failureText(reason: PayoutFailureKind | null): string {
  switch (reason) {
    case "declined":
      return m.payout_failure_declined();
    case "insufficient_funds":
      return m.payout_failure_insufficient_funds();
    case "invalid_payout_method":
      return m.payout_failure_invalid_payout_method();
    case "rejected":
    case null:
      return m.payout_failure_rejected();
  }
}

/** A kind of payout method, when its label is gone with it. */
export function methodKindText(kind: PayoutMethodKind): string {
  switch (kind) {
    case "card_token":
      return m.payouts_method_card_token();
    case "sbp":
      return m.payouts_method_sbp();
    case "connected_account":
      return m.payouts_method_connected_account();
  }
}
