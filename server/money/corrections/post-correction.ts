import { asc, eq, sql } from "drizzle-orm";

import { queryRows, type Database, type Queryable, type Tx } from "../../../db/database.ts";
import { lockPeopleFirst } from "../../../db/lock-order.ts";
import { jobs, ledgerPostings, ledgerTransactions } from "../../../db/schema/index.ts";
import type { JobCurrency } from "../../../domain/currencies.ts";
import {
  CORRECTION_SIDES,
  correctionAmountMinor,
  correctionKey,
  correctionLines,
  correctionProblem,
  reversalLines,
  type AmountCorrectionInput,
  type CorrectionParty,
  type PostCorrectionInput,
} from "../../../domain/ledger-corrections.ts";
import { operatorCorrection } from "../../../domain/ledger-flows.ts";
import { person, type LedgerLine, type PartyRef } from "../../../domain/ledger.ts";
import { recordOperatorAction } from "../../operators/audit.ts";
import { inTransaction, type Refusal } from "../../refusal.ts";
import { partyRefKey, resolveParties } from "../ledger/parties.ts";
import { postTransaction } from "../ledger/post-transaction.ts";

type CorrectionRefusal =
  | "not_found"
  | "operator_self"
  | "request_key_reused"
  | "correction_amount_invalid"
  | "correction_party_missing"
  | "correction_party_kind"
  | "correction_unbalanced"
  | "correction_currency"
  | "correction_already_reversed";

/** What the correction's lines are about: its currency, job and the object its cause names. */
type Draft = { lines: LedgerLine[]; currency: JobCurrency; jobId: string | null; causeRef: string | null };

/**
 * An operator's correction of the ledger (docs/decisions/080), in one transaction with its audit row: the
 * lines built on the server from the kind, the parties and the typed amount (or the exact opposite of a
 * transaction), checked against the parties' kinds and the books' balance, posted once per form (its
 * request key) or once per reversed transaction. A replay answers the first posting and writes nothing.
 * Never on the operator's own money.
 */
export async function postCorrection(
  db: Database,
  operatorId: string,
  input: PostCorrectionInput,
): Promise<{ transactionId: string; replayed: boolean } | Refusal<CorrectionRefusal>> {
  const named =
    input.kind === "reverse" ? [] : [input.employer, input.worker].flatMap((p) => (p && "userId" in p ? [p.userId] : []));
  return inTransaction(db, async (tx, refuse: (reason: CorrectionRefusal) => never) => {
    if (!(await lockPeopleFirst(tx, [operatorId, ...named]))) return refuse("not_found");
    const draft = input.kind === "reverse" ? await reversalDraft(tx, input.transactionId) : await amountDraft(tx, input);
    if (typeof draft === "string") return refuse(draft);

    const author = person(operatorId);
    const parties = await resolveParties(tx, [author, ...draft.lines.map((line) => line.party)]);
    const authorParty = parties.get(partyRefKey(author));
    const resolved = draft.lines.map((line) => ({ ...line, resolved: parties.get(partyRefKey(line.party)) }));
    if (!authorParty || resolved.some((line) => !line.resolved)) return refuse("not_found");
    if (resolved.some((line) => line.resolved?.id === authorParty.id)) return refuse("operator_self");
    const problem = correctionProblem(
      resolved.flatMap((line) => (line.resolved ? [{ ...line, partyKind: line.resolved.kind }] : [])),
    );
    if (problem) return refuse(problem === "party_kind" ? "correction_party_kind" : "correction_unbalanced");

    const posted = await postTransaction(tx, {
      ...operatorCorrection(draft.lines),
      idempotencyKey: correctionKey(input),
      currency: draft.currency,
      causeRef: draft.causeRef,
      jobId: draft.jobId,
      memo: input.reason,
      createdBy: author,
    });
    if (!posted.ok) {
      return refuse(
        posted.reason === "request_key_reused" && input.kind === "reverse" ? "correction_already_reversed" : posted.reason,
      );
    }
    if (!posted.replayed) {
      await recordOperatorAction(tx, {
        operatorId,
        action: "correct_ledger",
        subjectType: "ledger_transaction",
        subjectId: posted.transactionId,
        reason: input.kind,
        note: input.reason,
      });
    }
    return { transactionId: posted.transactionId, replayed: posted.replayed };
  });
}

/** The exact opposite of a transaction, about the same job and in its currency; its cause names the original. */
async function reversalDraft(tx: Tx, transactionId: string): Promise<Draft | "not_found"> {
  const [original] = await tx
    .select({ id: ledgerTransactions.id, currency: ledgerTransactions.currency, jobId: ledgerTransactions.jobId })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.id, transactionId));
  if (!original) return "not_found";
  const lines = await tx
    .select({ account: ledgerPostings.account, partyId: ledgerPostings.partyId, amountMinor: ledgerPostings.amountMinor })
    .from(ledgerPostings)
    .where(eq(ledgerPostings.transactionId, original.id))
    .orderBy(asc(ledgerPostings.id));
  const named = lines.map((line) => ({ ...line, party: { kind: "party", partyId: line.partyId } as const }));
  return { lines: reversalLines(named), currency: original.currency, jobId: original.jobId, causeRef: original.id };
}

/** An amount correction's lines, in the job's currency when it names a job. */
async function amountDraft(tx: Tx, input: AmountCorrectionInput): Promise<Draft | CorrectionRefusal> {
  if (input.jobId) {
    const currency = await jobCurrency(tx, input.jobId);
    if (!currency) return "not_found";
    if (currency !== input.currency) return "correction_currency";
  }
  const amountMinor = correctionAmountMinor(input.amount, input.currency);
  if (amountMinor === null) return "correction_amount_invalid";
  const sides = CORRECTION_SIDES[input.kind];
  const employer = sides.employer ? partyRef(input.employer) : null;
  const worker = sides.worker ? partyRef(input.worker) : null;
  if ((sides.employer && !employer) || (sides.worker && !worker)) return "correction_party_missing";
  const lines = correctionLines(input.kind, { employer, worker }, amountMinor);
  if (!lines) return "correction_party_missing";
  return { lines, currency: input.currency, jobId: input.jobId ?? null, causeRef: null };
}

function partyRef(party: CorrectionParty | null | undefined): PartyRef | null {
  if (!party) return null;
  return "partyId" in party ? { kind: "party", partyId: party.partyId } : person(party.userId);
}

/** A job's currency: its own, or for a job deleted since, the one its postings were made in. */
async function jobCurrency(db: Queryable, jobId: string): Promise<JobCurrency | null> {
  const [job] = await db.select({ currency: jobs.currency }).from(jobs).where(eq(jobs.id, jobId));
  if (job) return job.currency;
  const [posted] = await queryRows<{ currency: JobCurrency }>(
    db,
    sql`select currency::text as currency from ledger_transactions where job_id = ${jobId}::uuid limit 1`,
  );
  return posted?.currency ?? null;
}
