import type { CorrectionKind } from "../../../../domain/ledger-corrections.ts";
import type { LedgerAccount, LedgerCause } from "../../../../domain/ledger.ts";
import { formatMoney } from "../../../lib/format.ts";
import { m } from "../../../paraglide/messages.js";

/** The ledger's accounts as the console names them (docs/decisions/076). */
export const ACCOUNT_NAMES: Record<LedgerAccount, () => string> = {
  employer_receivable: () => m.ledger_account_employer_receivable(),
  provider_cash: () => m.ledger_account_provider_cash(),
  worker_payable: () => m.ledger_account_worker_payable(),
  payouts_in_transit: () => m.ledger_account_payouts_in_transit(),
  platform_fee: () => m.ledger_account_platform_fee(),
  platform_adjustments: () => m.ledger_account_platform_adjustments(),
  card_hold: () => m.ledger_account_card_hold(),
  hold_secured: () => m.ledger_account_hold_secured(),
  direct_owed: () => m.ledger_account_direct_owed(),
  direct_marked_paid: () => m.ledger_account_direct_marked_paid(),
  direct_confirmed: () => m.ledger_account_direct_confirmed(),
};

/** Why each transaction was posted. */
export const CAUSE_NAMES: Record<LedgerCause, () => string> = {
  timesheet_agreed: () => m.ledger_cause_timesheet_agreed(),
  hold_authorised: () => m.ledger_cause_hold_authorised(),
  hold_adjusted: () => m.ledger_cause_hold_adjusted(),
  hold_released: () => m.ledger_cause_hold_released(),
  captured: () => m.ledger_cause_captured(),
  payout_requested: () => m.ledger_cause_payout_requested(),
  payout_paid: () => m.ledger_cause_payout_paid(),
  payout_failed: () => m.ledger_cause_payout_failed(),
  refunded: () => m.ledger_cause_refunded(),
  cancellation_compensation: () => m.ledger_cause_cancellation_compensation(),
  direct_payment_marked: () => m.ledger_cause_direct_payment_marked(),
  direct_payment_confirmed: () => m.ledger_cause_direct_payment_confirmed(),
  operator_correction: () => m.ledger_cause_operator_correction(),
};

/** What each correction does, as the operator chooses it (docs/decisions/080). */
export const CORRECTION_KIND_NAMES: Record<CorrectionKind, () => string> = {
  employer_to_worker: () => m.ops_correction_kind_employer_to_worker(),
  worker_to_employer: () => m.ops_correction_kind_worker_to_employer(),
  platform_to_worker: () => m.ops_correction_kind_platform_to_worker(),
  write_off_employer: () => m.ops_correction_kind_write_off_employer(),
  reverse: () => m.ops_correction_kind_reverse(),
};

/** A signed ledger amount ("-5333.37") as money and its side: debit positive, credit negative. */
export function signedMoney(amount: string, currency: string): string {
  const negative = amount.startsWith("-");
  const money = formatMoney(Number(negative ? amount.slice(1) : amount), currency);
  return negative ? m.ops_money_credit({ amount: money }) : m.ops_money_debit({ amount: money });
}
