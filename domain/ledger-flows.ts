import { credit, debit, PLATFORM, platformFee, type LedgerEntry, type LedgerLine, type PartyRef } from "./ledger.ts";
import type { PayMode } from "./pay-mode.ts";

/*
 * The ledger's flows (docs/decisions/076): the postings of each business event, built from amounts the
 * server computed. A flow refuses (throws RangeError) what would be a bug in its caller: an amount that
 * is not positive, shares that do not add up. Nothing here reads a client's figure.
 */

/** A party's part of a hold: a hired worker's planned pay, or the platform's fee on it. */
export type HoldShare = { readonly party: PartyRef; readonly amountMinor: bigint };

function positive(amountMinor: bigint, what: string): bigint {
  if (amountMinor <= 0n) throw new RangeError(`${what} must be positive`);
  return amountMinor;
}

function total(shares: readonly HoldShare[]): bigint {
  return shares.reduce((sum, share) => sum + positive(share.amountMinor, "a hold share"), 0n);
}

/**
 * A hold authorised on the employer's card for a job's planned cost (memorandum: not money yet). The
 * card is held for the whole; each hired worker sees their share secured, the platform its fee.
 */
export function holdAuthorised(employer: PartyRef, shares: readonly HoldShare[]): LedgerEntry {
  return {
    cause: "hold_authorised",
    lines: [debit("card_hold", employer, total(shares)), ...shares.map((s) => credit("hold_secured", s.party, s.amountMinor))],
  };
}

/**
 * A hold grown or shrunk by a hire or a withdrawal: each party's change (positive: more secured for them),
 * the card's by their sum. Zero changes leave no line; a net zero on the card leaves no card line.
 */
export function holdAdjusted(employer: PartyRef, changes: readonly HoldShare[]): LedgerEntry {
  const moved = changes.filter((c) => c.amountMinor !== 0n);
  const net = moved.reduce((sum, c) => sum + c.amountMinor, 0n);
  const lines: LedgerLine[] = moved.map((c) => credit("hold_secured", c.party, c.amountMinor));
  if (net !== 0n) lines.unshift(debit("card_hold", employer, net));
  return { cause: "hold_adjusted", lines };
}

/** What is left of a hold given back when the job ends: each party's rest, the card's by their sum. */
export function holdReleased(employer: PartyRef, rests: readonly HoldShare[]): LedgerEntry {
  return {
    cause: "hold_released",
    lines: [...rests.map((r) => debit("hold_secured", r.party, r.amountMinor)), credit("card_hold", employer, total(rests))],
  };
}

/**
 * A day's hours agreed for pay of `amountMinor`. Through Daywork the employer owes the pay and the
 * platform's fee on top, the worker is owed the pay, the platform earns the fee. Paid directly, the
 * direct book records that the employer owes the worker the pay (no fee: no money passes us).
 */
export function timesheetAgreed(mode: PayMode, employer: PartyRef, worker: PartyRef, amountMinor: bigint): LedgerEntry {
  return { cause: "timesheet_agreed", lines: owedToWorker(mode, employer, worker, positive(amountMinor, "pay"), true) };
}

/**
 * A day's agreed pay changed after it was posted (an operator settled the dispute at other minutes): the
 * differences of the pay and of the fee, either sign, in the book the day was posted in, so the day's
 * postings add up to what agreeing on the final minutes would have posted. Zero differences leave no line.
 */
export function agreedPayChanged(
  mode: PayMode,
  employer: PartyRef,
  worker: PartyRef,
  change: { readonly payMinor: bigint; readonly feeMinor: bigint },
): LedgerEntry {
  const fee = mode === "direct" ? 0n : change.feeMinor;
  const lines: LedgerLine[] =
    mode === "direct"
      ? [debit("direct_owed", employer, change.payMinor), credit("direct_owed", worker, change.payMinor)]
      : [
          debit("employer_receivable", employer, change.payMinor + fee),
          credit("worker_payable", worker, change.payMinor),
          credit("platform_fee", PLATFORM, fee),
        ];
  return { cause: "timesheet_agreed", lines: lines.filter((line) => line.amountMinor !== 0n) };
}

/**
 * A late cancellation's compensation, owed by the employer to the worker (docs/decisions/076: no fee on
 * it, the platform earns nothing from a cancelled shift); in the direct book when the job is paid directly.
 */
export function cancellationCompensation(mode: PayMode, employer: PartyRef, worker: PartyRef, amountMinor: bigint): LedgerEntry {
  return {
    cause: "cancellation_compensation",
    lines: owedToWorker(mode, employer, worker, positive(amountMinor, "compensation"), false),
  };
}

function owedToWorker(mode: PayMode, employer: PartyRef, worker: PartyRef, amountMinor: bigint, withFee: boolean): LedgerLine[] {
  if (mode === "direct") return [debit("direct_owed", employer, amountMinor), credit("direct_owed", worker, amountMinor)];
  const fee = withFee ? platformFee(amountMinor) : 0n;
  return [
    debit("employer_receivable", employer, amountMinor + fee),
    credit("worker_payable", worker, amountMinor),
    ...(fee > 0n ? [credit("platform_fee", PLATFORM, fee)] : []),
  ];
}

/**
 * Money captured from a hold: cash at the provider against what the employer owes, and the hold shrinks
 * by the same, taken from the parties' shares it was secured for (which must add up to it).
 */
export function captured(
  employer: PartyRef,
  providerParty: PartyRef,
  amountMinor: bigint,
  fromHold: readonly HoldShare[],
): LedgerEntry {
  positive(amountMinor, "a capture");
  if (total(fromHold) !== amountMinor) throw new RangeError("the hold shares taken must add up to the capture");
  return {
    cause: "captured",
    lines: [
      debit("provider_cash", providerParty, amountMinor),
      credit("employer_receivable", employer, amountMinor),
      ...fromHold.map((s) => debit("hold_secured", s.party, s.amountMinor)),
      credit("card_hold", employer, amountMinor),
    ],
  };
}

/** Money given back to the employer's card: it settles what we owed them (a credit on their receivable). */
export function refunded(employer: PartyRef, providerParty: PartyRef, amountMinor: bigint): LedgerEntry {
  return {
    cause: "refunded",
    lines: [
      debit("employer_receivable", employer, positive(amountMinor, "a refund")),
      credit("provider_cash", providerParty, amountMinor),
    ],
  };
}

/** A payout asked of the provider: the worker's pay moves from payable to in transit. */
export function payoutRequested(worker: PartyRef, amountMinor: bigint): LedgerEntry {
  return {
    cause: "payout_requested",
    lines: [
      debit("worker_payable", worker, positive(amountMinor, "a payout")),
      credit("payouts_in_transit", worker, amountMinor),
    ],
  };
}

/** A payout the provider paid: the money leaves its cash. */
export function payoutPaid(worker: PartyRef, providerParty: PartyRef, amountMinor: bigint): LedgerEntry {
  return {
    cause: "payout_paid",
    lines: [
      debit("payouts_in_transit", worker, positive(amountMinor, "a payout")),
      credit("provider_cash", providerParty, amountMinor),
    ],
  };
}

/** A payout that failed: the pay is the worker's to take again. */
export function payoutFailed(worker: PartyRef, amountMinor: bigint): LedgerEntry {
  return {
    cause: "payout_failed",
    lines: [
      debit("payouts_in_transit", worker, positive(amountMinor, "a payout")),
      credit("worker_payable", worker, amountMinor),
    ],
  };
}

/** The employer marked a worker's directly paid day as paid: on both sides, from owed to marked paid. */
export function directPaymentMarked(employer: PartyRef, worker: PartyRef, amountMinor: bigint): LedgerEntry {
  return {
    cause: "direct_payment_marked",
    lines: directMove("direct_owed", "direct_marked_paid", employer, worker, amountMinor),
  };
}

/** The worker confirmed receiving a directly paid day's pay: on both sides, from marked paid to confirmed. */
export function directPaymentConfirmed(employer: PartyRef, worker: PartyRef, amountMinor: bigint): LedgerEntry {
  return {
    cause: "direct_payment_confirmed",
    lines: directMove("direct_marked_paid", "direct_confirmed", employer, worker, amountMinor),
  };
}

function directMove(
  from: "direct_owed" | "direct_marked_paid",
  to: "direct_marked_paid" | "direct_confirmed",
  employer: PartyRef,
  worker: PartyRef,
  amountMinor: bigint,
): LedgerLine[] {
  positive(amountMinor, "a direct payment");
  return [
    debit(from, worker, amountMinor),
    credit(to, worker, amountMinor),
    credit(from, employer, amountMinor),
    debit(to, employer, amountMinor),
  ];
}

/** An operator's correction: lines of their choosing, posted with their reason and their name (postTransaction checks both). */
export function operatorCorrection(lines: readonly LedgerLine[]): LedgerEntry {
  return { cause: "operator_correction", lines };
}
