import { z } from "zod";

import { JOB_CURRENCIES, type JobCurrency } from "./currencies.ts";
import { ERR } from "./errors.ts";
import {
  bookSums,
  credit,
  debit,
  LEDGER_ACCOUNT_RULES,
  LEDGER_LIMITS,
  PLATFORM,
  type LedgerLine,
  type PartyKind,
  type PartyRef,
} from "./ledger.ts";
import { toMinorUnits } from "./minor-units.ts";
import { pageCursorSchema } from "./page-cursor.ts";

/*
 * An operator's correction of the ledger (docs/decisions/080): one of a few meaningful kinds, whose lines
 * the server builds, never lines the operator writes. Amounts come as the decimal the operator typed and
 * become minor units here, exactly.
 */

/**
 * What a correction does. Worker-side kinds move what the worker is owed against what the employer owes
 * (the employer pays more, or is owed back an overpayment) or against the platform's adjustments (the
 * platform bears it); a write-off takes what the employer owes onto the platform; a reversal posts the
 * exact opposite of one transaction.
 */
export const CORRECTION_KINDS = [
  "employer_to_worker",
  "worker_to_employer",
  "platform_to_worker",
  "write_off_employer",
  "reverse",
] as const;
export type CorrectionKind = (typeof CORRECTION_KINDS)[number];
/** The kinds that move an amount the operator types (all but a reversal). */
export type AmountCorrectionKind = Exclude<CorrectionKind, "reverse">;

/** Which parties each amount kind names. */
export const CORRECTION_SIDES = {
  employer_to_worker: { employer: true, worker: true },
  worker_to_employer: { employer: true, worker: true },
  platform_to_worker: { employer: false, worker: true },
  write_off_employer: { employer: true, worker: false },
} as const satisfies Record<AmountCorrectionKind, { employer: boolean; worker: boolean }>;

/** The largest correction, in major units: far above any day's pay, low enough to catch a slipped finger. */
export const CORRECTION_MAX_MAJOR = 10_000_000;

/** Whom a correction names: a party by its id (also an anonymised one), or a person by account. */
export const correctionPartySchema = z.union([
  z.object({ partyId: z.uuid({ error: ERR.badRequest }) }),
  z.object({ userId: z.string({ error: ERR.badRequest }).min(1, ERR.badRequest).max(100, ERR.badRequest) }),
]);
export type CorrectionParty = z.infer<typeof correctionPartySchema>;

const reasonSchema = z
  .string({ error: ERR.correctionReasonRequired })
  .trim()
  .min(1, ERR.correctionReasonRequired)
  .max(LEDGER_LIMITS.memo, ERR.correctionReasonTooLong);

/** A decimal in major units as people type it: "1500", "1500.5", "1 500,50". */
const amountSchema = z
  .string({ error: ERR.correctionAmountInvalid })
  .transform((text) => text.replace(/[\s\u00a0\u202f]/g, "").replace(",", "."))
  .pipe(z.string().regex(/^\d{1,9}(\.\d{1,2})?$/, ERR.correctionAmountInvalid));

/** A client's one key per filled form (a uuid): a double click or a resend posts once. */
const requestKeySchema = z.uuid({ error: ERR.badRequest });

export const postCorrectionSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({
      kind: z.enum(["employer_to_worker", "worker_to_employer", "platform_to_worker", "write_off_employer"]),
      currency: z.enum(JOB_CURRENCIES, { error: ERR.badRequest }),
      amount: amountSchema,
      employer: correctionPartySchema.nullish(),
      worker: correctionPartySchema.nullish(),
      jobId: z.uuid({ error: ERR.badRequest }).nullish(),
      reason: reasonSchema,
      requestKey: requestKeySchema,
    }),
    z.object({
      kind: z.literal("reverse"),
      transactionId: z.uuid({ error: ERR.badRequest }),
      reason: reasonSchema,
      requestKey: requestKeySchema,
    }),
  ],
  { error: ERR.correctionKindInvalid },
);
export type PostCorrectionInput = z.infer<typeof postCorrectionSchema>;
export type AmountCorrectionInput = Extract<PostCorrectionInput, { kind: AmountCorrectionKind }>;

/** The typed amount in minor units of `currency`, or null when it is zero or above CORRECTION_MAX_MAJOR. */
export function correctionAmountMinor(amount: string, currency: JobCurrency): bigint | null {
  const minor = toMinorUnits(amount, currency);
  if (minor === null || minor <= 0n) return null;
  const max = toMinorUnits(String(CORRECTION_MAX_MAJOR), currency);
  return max !== null && minor <= max ? minor : null;
}

/** The lines of an amount correction of `amountMinor` between the named parties. */
export function correctionLines(
  kind: AmountCorrectionKind,
  parties: { employer: PartyRef | null; worker: PartyRef | null },
  amountMinor: bigint,
): LedgerLine[] | null {
  const { employer, worker } = parties;
  switch (kind) {
    case "employer_to_worker":
      return employer && worker
        ? [debit("employer_receivable", employer, amountMinor), credit("worker_payable", worker, amountMinor)]
        : null;
    case "worker_to_employer":
      return employer && worker
        ? [debit("worker_payable", worker, amountMinor), credit("employer_receivable", employer, amountMinor)]
        : null;
    case "platform_to_worker":
      return worker
        ? [debit("platform_adjustments", PLATFORM, amountMinor), credit("worker_payable", worker, amountMinor)]
        : null;
    case "write_off_employer":
      return employer
        ? [debit("platform_adjustments", PLATFORM, amountMinor), credit("employer_receivable", employer, amountMinor)]
        : null;
  }
}

/** The exact opposite of a transaction's lines: each one's amount negated, on the same account and party. */
export function reversalLines<L extends { account: LedgerLine["account"]; party: PartyRef; amountMinor: bigint }>(
  lines: readonly L[],
): LedgerLine[] {
  return lines.map((line) => ({ account: line.account, party: line.party, amountMinor: -line.amountMinor }));
}

/**
 * Why a correction's lines cannot be posted, told to the operator: an account a party of that kind does
 * not have (a worker named as the employer), or a book that does not balance. Null when they can.
 */
export function correctionProblem(
  lines: readonly { account: LedgerLine["account"]; amountMinor: bigint; partyKind: PartyKind }[],
): "party_kind" | "unbalanced" | null {
  for (const line of lines) {
    const allowed: readonly PartyKind[] = LEDGER_ACCOUNT_RULES[line.account].parties;
    if (!allowed.includes(line.partyKind)) return "party_kind";
  }
  if (lines.length < 2 || lines.some((line) => line.amountMinor === 0n)) return "unbalanced";
  return Object.values(bookSums(lines)).every((sum) => sum === 0n) ? null : "unbalanced";
}

/** The ledger's idempotency key of a correction: the form's key, or for a reversal the transaction it reverses (once). */
export function correctionKey(input: PostCorrectionInput): string {
  return input.kind === "reverse" ? `reversal:${input.transactionId}` : `correction:${input.requestKey}`;
}

/** Looking a person or a job up by what an operator has at hand: an e-mail address, or an id. */
export const findMoneySchema = z.object({
  query: z.string({ error: ERR.badRequest }).trim().min(1, ERR.badRequest).max(320, ERR.badRequest),
});

/** Whose money to read: a party (a person's, an anonymised one, the platform's), a person, or a job. */
export const moneyOfSchema = z.union([
  z.object({ partyId: z.uuid({ error: ERR.badRequest }) }),
  z.object({ userId: z.string({ error: ERR.badRequest }).min(1, ERR.badRequest).max(100, ERR.badRequest) }),
  z.object({ jobId: z.uuid({ error: ERR.badRequest }) }),
]);
export type MoneyOf = z.infer<typeof moneyOfSchema>;

/** A page of a party's or a job's statement. */
export const moneyStatementSchema = z.object({ of: moneyOfSchema, cursor: pageCursorSchema.nullish() });
