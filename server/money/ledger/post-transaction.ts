import { asc, eq, sql } from "drizzle-orm";

import { queryRows, type Tx } from "../../../db/database.ts";
import { ledgerPostings, ledgerTransactions } from "../../../db/schema/index.ts";
import type { JobCurrency } from "../../../domain/currencies.ts";
import {
  entryProblem,
  LEDGER_ACCOUNT_RULES,
  type LedgerAccount,
  type LedgerEntry,
  type PartyRef,
} from "../../../domain/ledger.ts";
import { refusal, type Refusal } from "../../refusal.ts";
import { partyRefKey, resolveParties } from "./parties.ts";

/** What a business action posts: a flow's entry (domain/ledger-flows.ts) and what it is about. */
export type PostingRequest = LedgerEntry & {
  /**
   * One per business event, the same on every retry of it ("timesheet:<id>:agreed", a provider's event
   * id). It outlives every account, so it carries ids only, never a name or an e-mail.
   */
  readonly idempotencyKey: string;
  readonly currency: JobCurrency;
  /** The object the cause is about: a timesheet, an application, a provider's payment or payout. */
  readonly causeRef: string | null;
  readonly jobId: string | null;
  /** An operator's reason; required for a correction. */
  readonly memo?: string | null;
  /** Who acted, when a person did (an operator correcting, an employer marking a day paid). */
  readonly createdBy?: PartyRef | null;
};

/** A transaction posted now, or the one its key posted before (`replayed`). */
export type Posted = { readonly ok: true; readonly transactionId: string; readonly createdAt: Date; readonly replayed: boolean };

/** A posting request that is a bug in its caller (unbalanced, a zero line, a party of the wrong kind). */
export class LedgerEntryInvalid extends Error {
  constructor(problem: string) {
    super(`ledger entry refused: ${problem}`);
    this.name = "LedgerEntryInvalid";
  }
}

/**
 * Posts a transaction and its lines, inside the business action's own transaction (`tx`), so both commit
 * or neither does; the database checks the balance again at commit (migration 0039). Every amount is
 * the server's: callers compute them with domain/ledger-flows.ts from rows they read, never from input.
 *
 * Once per idempotency key: a replay with the same content answers the first transaction and writes
 * nothing; the same key with other content is refused (`request_key_reused`), and so is a party that
 * cannot be found (`not_found`: a deleted person named by user id, an unknown party id). A racing post
 * of the same key waits on the key's index entry and then answers as a replay. Run under READ COMMITTED
 * (the app's default): under REPEATABLE READ that wait ends in a serialization failure instead.
 * A request that breaks the ledger's rules throws LedgerEntryInvalid.
 */
export async function postTransaction(
  tx: Tx,
  request: PostingRequest,
): Promise<Posted | Refusal<"request_key_reused" | "not_found">> {
  const memo = request.memo ?? null;
  const createdBy = request.createdBy ?? null;
  const problem = entryProblem(request, {
    idempotencyKey: request.idempotencyKey,
    causeRef: request.causeRef,
    memo,
    hasCreator: createdBy !== null,
  });
  if (problem) throw new LedgerEntryInvalid(problem);

  const refs = [...request.lines.map((line) => line.party), ...(createdBy ? [createdBy] : [])];
  const parties = await resolveParties(tx, refs);
  const lines: { account: LedgerAccount; partyId: string; amountMinor: bigint }[] = [];
  for (const line of request.lines) {
    const party = parties.get(partyRefKey(line.party));
    if (!party) return refusal("not_found");
    const allowed: readonly string[] = LEDGER_ACCOUNT_RULES[line.account].parties;
    if (!allowed.includes(party.kind)) throw new LedgerEntryInvalid(`${line.account} is not kept for a ${party.kind}`);
    lines.push({ account: line.account, partyId: party.id, amountMinor: line.amountMinor });
  }
  const creatorId = createdBy ? parties.get(partyRefKey(createdBy))?.id : null;
  if (creatorId === undefined) return refusal("not_found");

  // The transaction and its postings in one statement; a key already taken writes neither.
  const values = sql.join(
    lines.map((l) => sql`(${l.account}::ledger_account, ${l.partyId}::uuid, ${l.amountMinor.toString()}::bigint)`),
    sql`, `,
  );
  const written = await queryRows<{ transaction_id: string; created_at: string | Date }>(
    tx,
    sql`with posted as (
          insert into ledger_transactions (idempotency_key, cause, cause_ref, job_id, currency, memo, created_by, line_count)
          values (${request.idempotencyKey}, ${request.cause}::ledger_cause, ${request.causeRef}, ${request.jobId}::uuid,
                  ${request.currency}::job_currency, ${memo}, ${creatorId}::uuid, ${lines.length})
          on conflict (idempotency_key) do nothing
          returning id, currency, created_at
        ), lines (account, party_id, amount_minor) as (values ${values})
        insert into ledger_postings (transaction_id, account, party_id, amount_minor, currency, created_at)
        select posted.id, lines.account, lines.party_id, lines.amount_minor, posted.currency, posted.created_at
        from posted cross join lines
        returning transaction_id, created_at`,
  );
  const first = written[0];
  if (first) return { ok: true, transactionId: first.transaction_id, createdAt: new Date(first.created_at), replayed: false };

  const [before] = await tx
    .select()
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.idempotencyKey, request.idempotencyKey));
  if (!before) throw new Error("ledger: an idempotency key conflicted but its transaction is not visible");
  const beforeLines = await tx
    .select({ account: ledgerPostings.account, partyId: ledgerPostings.partyId, amountMinor: ledgerPostings.amountMinor })
    .from(ledgerPostings)
    .where(eq(ledgerPostings.transactionId, before.id))
    .orderBy(asc(ledgerPostings.id));
  const same =
    before.cause === request.cause &&
    before.currency === request.currency &&
    before.causeRef === request.causeRef &&
    before.jobId === (request.jobId?.toLowerCase() ?? null) &&
    before.memo === memo &&
    contentOf(beforeLines) === contentOf(lines);
  return same
    ? { ok: true, transactionId: before.id, createdAt: before.createdAt, replayed: true }
    : refusal("request_key_reused");
}

/** The lines as a multiset: the same postings in any order read the same. */
function contentOf(lines: readonly { account: string; partyId: string; amountMinor: bigint }[]): string {
  return lines
    .map((l) => `${l.account}|${l.partyId}|${l.amountMinor}`)
    .sort()
    .join("\n");
}
