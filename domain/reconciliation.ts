/*
 * The daily reconciliation (docs/decisions/082): each hold and payout as the provider reports it, compared
 * with our row and the ledger. Pure: the server reads both sides and records what this answers.
 */

/** What may differ between a provider's object and ours. */
export const RECONCILIATION_FIELDS = ["status", "amount", "captured", "refunded", "ledger", "missing"] as const;
export type ReconciliationField = (typeof RECONCILIATION_FIELDS)[number];

export type Difference = { field: ReconciliationField; ours: string; theirs: string };

/** The longest of ours or theirs a difference keeps (a status, an amount in minor units, a provider's reason). */
export const RECONCILIATION_VALUE_MAX = 100;

/** How long after it settled a hold or payout is still compared (a late refund or reversal shows up in this window). */
export const RECONCILE_SETTLED_DAYS = 8;

/** Our hold (payment_holds) and what the ledger captured from it, in minor units. */
export type OurHold = {
  status: "requested" | "pending_confirmation" | "authorised" | "captured" | "canceled" | "failed";
  amountMinor: bigint;
  capturedOnRow: bigint | null;
  capturedInLedger: bigint;
};
/** The provider's hold (server/payments/payment-provider.ts Hold), in minor units. */
export type TheirHold = {
  status: "pending" | "authorised" | "captured" | "canceled";
  amount: number;
  captured: number;
  refunded: number;
};

// A declined card keeps Stripe's hold pending for another card while ours has failed: both say "not held".
const HOLD_STATUS_MATCHES: Record<OurHold["status"], readonly TheirHold["status"][]> = {
  requested: ["pending"],
  pending_confirmation: ["pending"],
  authorised: ["authorised"],
  captured: ["captured"],
  canceled: ["canceled"],
  failed: ["canceled", "pending"],
};

/** Where a hold's provider record and ours disagree; none when they tell the same story. */
export function holdDifferences(ours: OurHold, theirs: TheirHold): Difference[] {
  const found: Difference[] = [];
  if (!HOLD_STATUS_MATCHES[ours.status].includes(theirs.status))
    found.push({ field: "status", ours: ours.status, theirs: theirs.status });
  // What was asked (pending) or held (authorised, canceled); a capture's amount is what it took.
  if (theirs.status !== "captured" && BigInt(theirs.amount) !== ours.amountMinor)
    found.push({ field: "amount", ours: String(ours.amountMinor), theirs: String(theirs.amount) });
  const capturedThere = BigInt(theirs.captured);
  if (capturedThere !== ours.capturedInLedger)
    found.push({ field: "ledger", ours: String(ours.capturedInLedger), theirs: String(capturedThere) });
  if ((ours.capturedOnRow ?? 0n) !== capturedThere)
    found.push({ field: "captured", ours: String(ours.capturedOnRow ?? 0n), theirs: String(capturedThere) });
  // We ask for no refund on our own yet: any refund there is money that left outside the ledger.
  if (theirs.refunded !== 0) found.push({ field: "refunded", ours: "0", theirs: String(theirs.refunded) });
  return found;
}

/** Our payout (payouts) and what the ledger says was paid by it, in minor units. */
export type OurPayout = { status: "pending" | "succeeded" | "failed"; amountMinor: bigint; paidInLedger: bigint };
export type TheirPayout = { status: "pending" | "succeeded" | "failed"; amount: number };

/** Where a payout's provider record and ours disagree. */
export function payoutDifferences(ours: OurPayout, theirs: TheirPayout): Difference[] {
  const found: Difference[] = [];
  if (ours.status !== theirs.status) found.push({ field: "status", ours: ours.status, theirs: theirs.status });
  if (BigInt(theirs.amount) !== ours.amountMinor)
    found.push({ field: "amount", ours: String(ours.amountMinor), theirs: String(theirs.amount) });
  const paidThere = theirs.status === "succeeded" ? BigInt(theirs.amount) : 0n;
  if (paidThere !== ours.paidInLedger)
    found.push({ field: "ledger", ours: String(ours.paidInLedger), theirs: String(paidThere) });
  return found;
}
