import { divideRounded } from "./minor-units.ts";

/*
 * The money ledger (docs/decisions/076): double-entry and append-only, in integer minor units of the
 * job's currency. Sign convention: a posting's amount is positive for a debit and negative for a
 * credit, so every transaction sums to zero, and an account's balance is the plain sum of its postings:
 * positive on debit-normal accounts (what is owed to us, cash, a hold on a card), negative on
 * credit-normal ones (what we owe a worker, our fee).
 */

/** Who a posting is about. A person's party is created on first use and outlives their account. */
export const PARTY_KINDS = ["employer", "worker", "platform", "provider"] as const;
export type PartyKind = (typeof PARTY_KINDS)[number];

/**
 * The books a transaction balances within, each on its own: real money; holds on employers' cards
 * (authorised, not money yet); pay settled directly between employer and worker (recorded, never moved).
 * A hold can then never be mistaken for cash, whatever a correction posts.
 */
export const LEDGER_BOOKS = ["money", "holds", "direct"] as const;
export type LedgerBook = (typeof LEDGER_BOOKS)[number];

/**
 * The chart of accounts: each account's book and the kinds of party it is kept for. Debit-normal:
 * employer_receivable, provider_cash, card_hold. Credit-normal: worker_payable, payouts_in_transit,
 * platform_fee, hold_secured. platform_adjustments is where an operator's correction puts what nobody
 * else bears (a write-off, a provider's charge). The direct book mirrors each move on both sides: the
 * worker's accounts credit-normal (theirs), the employer's debit-normal (what they owe).
 */
export const LEDGER_ACCOUNT_RULES = {
  employer_receivable: { book: "money", parties: ["employer"] },
  provider_cash: { book: "money", parties: ["provider"] },
  worker_payable: { book: "money", parties: ["worker"] },
  payouts_in_transit: { book: "money", parties: ["worker"] },
  platform_fee: { book: "money", parties: ["platform"] },
  platform_adjustments: { book: "money", parties: ["platform"] },
  card_hold: { book: "holds", parties: ["employer"] },
  hold_secured: { book: "holds", parties: ["worker", "platform"] },
  direct_owed: { book: "direct", parties: ["employer", "worker"] },
  direct_marked_paid: { book: "direct", parties: ["employer", "worker"] },
  direct_confirmed: { book: "direct", parties: ["employer", "worker"] },
} as const satisfies Record<string, { book: LedgerBook; parties: readonly PartyKind[] }>;
export type LedgerAccount = keyof typeof LEDGER_ACCOUNT_RULES;
/** The accounts in the order the database's enum lists them. */
export const LEDGER_ACCOUNTS = Object.keys(LEDGER_ACCOUNT_RULES) as [LedgerAccount, ...LedgerAccount[]];

/** Why a transaction was posted: the business event it records (its cause_ref names the object). */
export const LEDGER_CAUSES = [
  "timesheet_agreed",
  "hold_authorised",
  "hold_adjusted",
  "hold_released",
  "captured",
  "payout_requested",
  "payout_paid",
  "payout_failed",
  "refunded",
  "cancellation_compensation",
  "direct_payment_marked",
  "direct_payment_confirmed",
  "operator_correction",
] as const;
export type LedgerCause = (typeof LEDGER_CAUSES)[number];

/** Lengths and counts the database checks too (db/schema/ledger.ts). */
export const LEDGER_LIMITS = {
  /** A caller's idempotency key: a cause and the ids it is about, never a person's name or e-mail. */
  idempotencyKey: 200,
  causeRef: 200,
  /** An operator's reason for a correction. */
  memo: 1000,
  /** A party's label ("worker 3F2A9C1B", "yookassa"). */
  partyLabel: 100,
  linesMin: 2,
  /** The most lines of one transaction: a hold split among a job's workers (at most 100) and the fee. */
  linesMax: 200,
} as const;

/** Postings of a statement page, newest first. */
export const LEDGER_STATEMENT_PAGE = 50;
/** Jobs of an employer's spend page. */
export const LEDGER_SPEND_PAGE = 20;
/** Months of a worker's earnings by month, newest first. */
export const LEDGER_EARNINGS_MONTHS = 60;

/**
 * The platform's fee, in basis points of the agreed pay, charged on top to the employer: 10 %. The worker
 * gets the whole agreed pay. Rounded to the minor unit, halves away from zero (platformFee).
 */
export const PLATFORM_FEE_BASIS_POINTS = 1000n;

/** The platform's fee on agreed pay of `amountMinor`. */
export function platformFee(amountMinor: bigint): bigint {
  return divideRounded(amountMinor * PLATFORM_FEE_BASIS_POINTS, 10_000n);
}

/**
 * Pay for `minutes` at an hourly rate of `hourlyRateMinor` minor units: minutes × rate / 60 rounded to
 * the minor unit, halves away from zero, exactly as server/timesheets/earnings.ts computes it in SQL.
 */
export function payForMinutes(minutes: number, hourlyRateMinor: bigint): bigint {
  if (!Number.isSafeInteger(minutes) || minutes < 0) throw new RangeError("minutes must be a whole number ≥ 0");
  return divideRounded(BigInt(minutes) * hourlyRateMinor, 60n);
}

/**
 * Whom a line is about, as callers name them: a person by user id (their party is found or created), a
 * party by its id (also one whose account was deleted), the platform, or a payment provider by name.
 */
export type PartyRef =
  | { readonly kind: "person"; readonly userId: string }
  | { readonly kind: "party"; readonly partyId: string }
  | { readonly kind: "platform" }
  | { readonly kind: "provider"; readonly name: string };

/** A person's party. */
export const person = (userId: string): PartyRef => ({ kind: "person", userId });
/** The platform's own party. */
export const PLATFORM: PartyRef = { kind: "platform" };
/** A payment provider's party ("yookassa", "stripe"). */
export const provider = (name: string): PartyRef => ({ kind: "provider", name });

/** One posting as a flow states it: an account of a party, debit positive, credit negative. */
export type LedgerLine = { readonly account: LedgerAccount; readonly party: PartyRef; readonly amountMinor: bigint };

/** A business event's postings: what domain/ledger-flows.ts builds and server/money/ledger posts. */
export type LedgerEntry = { readonly cause: LedgerCause; readonly lines: readonly LedgerLine[] };

/** The posting of `amountMinor` to the debit side. */
export const debit = (account: LedgerAccount, party: PartyRef, amountMinor: bigint): LedgerLine => ({
  account,
  party,
  amountMinor,
});
/** The posting of `amountMinor` to the credit side. */
export const credit = (account: LedgerAccount, party: PartyRef, amountMinor: bigint): LedgerLine => ({
  account,
  party,
  amountMinor: -amountMinor,
});

/** Each book's sum over `lines`: all zero when the entry balances. */
export function bookSums(lines: readonly Pick<LedgerLine, "account" | "amountMinor">[]): Record<LedgerBook, bigint> {
  const sums: Record<LedgerBook, bigint> = { money: 0n, holds: 0n, direct: 0n };
  for (const line of lines) sums[LEDGER_ACCOUNT_RULES[line.account].book] += line.amountMinor;
  return sums;
}

/** What else a posting states besides its lines. */
export type EntryDetails = {
  readonly idempotencyKey: string;
  readonly causeRef: string | null;
  readonly memo: string | null;
  readonly hasCreator: boolean;
};

/**
 * Why an entry cannot be posted, or null when it can: keys and texts within LEDGER_LIMITS, 2 to
 * linesMax lines, no zero amount, every book balanced, and an operator's correction with its reason and
 * its author. The database refuses the same (and the balance again at commit).
 */
export function entryProblem(entry: LedgerEntry, details: EntryDetails): string | null {
  const { idempotencyKey, causeRef, memo } = details;
  if (idempotencyKey.length < 1 || idempotencyKey.length > LEDGER_LIMITS.idempotencyKey) return "idempotency key length";
  if (causeRef !== null && (causeRef.length < 1 || causeRef.length > LEDGER_LIMITS.causeRef)) return "cause_ref length";
  if (memo !== null && memo.length > LEDGER_LIMITS.memo) return "memo length";
  if (entry.lines.length < LEDGER_LIMITS.linesMin || entry.lines.length > LEDGER_LIMITS.linesMax) return "line count";
  if (entry.lines.some((line) => line.amountMinor === 0n)) return "a zero amount";
  const unbalanced = Object.entries(bookSums(entry.lines)).find(([, sum]) => sum !== 0n);
  if (unbalanced) return `the ${unbalanced[0]} book does not balance`;
  if (entry.cause === "operator_correction" && (!memo?.trim() || !details.hasCreator))
    return "a correction needs its reason and its author";
  return null;
}
