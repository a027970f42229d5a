import { z } from "zod";

import type { Hold, HoldFailureReason, Refund } from "../payment-provider.ts";
import type { Payout, PayoutFailureReason } from "../payout-provider.ts";
import { isProviderCurrency, type ProviderCurrency } from "../provider-result.ts";
import { fromYooKassaValue } from "./yookassa-amount.ts";

// The fields of YooKassa's API v3 objects that the adapters read (yookassa.ru/developers/api).
const amount = z.object({ value: z.string(), currency: z.string() });
const cancellation = z.object({ party: z.string(), reason: z.string() }).optional();
const metadata = z.record(z.string(), z.unknown()).nullish();

export const ykPaymentSchema = z.object({
  id: z.string(),
  status: z.enum(["pending", "waiting_for_capture", "succeeded", "canceled"]),
  amount,
  refunded_amount: amount.optional(),
  confirmation: z.object({ type: z.string(), confirmation_url: z.string().optional() }).optional(),
  expires_at: z.string().optional(),
  metadata,
  cancellation_details: cancellation,
});

export const ykRefundSchema = z.object({
  id: z.string(),
  payment_id: z.string(),
  status: z.enum(["pending", "succeeded", "canceled"]),
  amount,
});

export const ykPayoutSchema = z.object({
  id: z.string(),
  status: z.enum(["pending", "succeeded", "canceled"]),
  amount,
  metadata,
  cancellation_details: cancellation,
  receipt: z.object({ npd_receipt_id: z.string().optional(), url: z.string().optional() }).optional(),
});

export type YkPaymentObject = z.infer<typeof ykPaymentSchema>;

/** YooKassa's error body. */
export const ykErrorSchema = z.object({
  type: z.literal("error"),
  code: z.string(),
  description: z.string().optional(),
  parameter: z.string().optional(),
});

type Money = { currency: ProviderCurrency; minor: number } | null;

function money(value: z.infer<typeof amount>): Money {
  const minor = fromYooKassaValue(value.value);
  return minor === null || !isProviderCurrency(value.currency) ? null : { currency: value.currency, minor };
}

const referenceOf = (meta: z.infer<typeof metadata>) => (typeof meta?.reference === "string" ? meta.reference : null);

// cancellation_details.reason of a payment (YooKassa's "Причины отмены платежа").
function holdFailure(reason: string): HoldFailureReason {
  if (reason === "insufficient_funds") return "insufficient_funds";
  if (reason === "expired_on_confirmation" || reason === "expired_on_capture") return "expired";
  return "declined";
}

// cancellation_details.reason of a payout: the payee's destination at fault, our balance, or a decline.
function payoutFailure(reason: string): PayoutFailureReason {
  if (reason === "insufficient_funds") return "insufficient_funds";
  const destination = [
    "recipient_not_found",
    "rejected_by_payee",
    "recipient_check_failed",
    "self_employed_annulled",
    "identification_required",
  ];
  return destination.includes(reason) ? "invalid_payout_method" : "declined";
}

/** A YooKassa payment as our Hold; null when its amounts or currency are not ones we pay in. */
export function holdOf(payment: YkPaymentObject): Hold | null {
  const held = money(payment.amount);
  if (!held) return null;
  const refunded = payment.refunded_amount ? fromYooKassaValue(payment.refunded_amount.value) : 0;
  const details = payment.cancellation_details;
  const byUs = details?.party === "merchant";
  return {
    id: payment.id,
    status: ({ pending: "pending", waiting_for_capture: "authorised", succeeded: "captured", canceled: "canceled" } as const)[
      payment.status
    ],
    currency: held.currency,
    amount: held.minor,
    // A capture rewrites `amount` to what was taken; the rest went back to the payer.
    captured: payment.status === "succeeded" ? held.minor : 0,
    refunded: refunded ?? 0,
    confirmationUrl: payment.status === "pending" ? (payment.confirmation?.confirmation_url ?? null) : null,
    failure:
      payment.status === "canceled" && details && !byUs ? { reason: holdFailure(details.reason), detail: details.reason } : null,
    reference: referenceOf(payment.metadata),
    expiresAt: payment.expires_at ? new Date(payment.expires_at) : null,
  };
}

/** A YooKassa refund as ours; null when its amount is not one we pay in. */
export function refundOf(refund: z.infer<typeof ykRefundSchema>): Refund | null {
  const value = money(refund.amount);
  if (!value) return null;
  return { id: refund.id, holdId: refund.payment_id, status: refund.status, currency: value.currency, amount: value.minor };
}

/** A YooKassa payout as ours; null when its amount is not one we pay in. */
export function payoutOf(payout: z.infer<typeof ykPayoutSchema>): Payout | null {
  const value = money(payout.amount);
  if (!value) return null;
  const details = payout.cancellation_details;
  return {
    id: payout.id,
    status: payout.status === "canceled" ? "failed" : payout.status,
    currency: value.currency,
    amount: value.minor,
    failure: payout.status === "canceled" && details ? { reason: payoutFailure(details.reason), detail: details.reason } : null,
    reference: referenceOf(payout.metadata),
    receipt: payout.receipt ? { id: payout.receipt.npd_receipt_id ?? null, url: payout.receipt.url ?? null } : null,
  };
}
