import { and, eq, sql } from "drizzle-orm";

import type { Queryable } from "../../../db/database.ts";
import { ledgerParties, ledgerPostings, ledgerTransactions } from "../../../db/schema/index.ts";
import type { JobCurrency } from "../../../domain/currencies.ts";
import { LEDGER_STATEMENT_PAGE } from "../../../domain/ledger.ts";
import type { PageCursor } from "../../../domain/page-cursor.ts";
import { afterCursor, cursorTimestamp, newestFirst, takeNewestPage } from "../../pagination/keyset.ts";

/** Whose statement: a person's (by user id) or any party's (an operator's view, an anonymised party). */
export type StatementOf = { readonly userId: string } | { readonly partyId: string };

/**
 * A party's postings, newest first, LEDGER_STATEMENT_PAGE a page (keyset on created_at and id, the index
 * on party and time), each with its transaction's cause, reference, job and memo; in one currency when
 * asked. Summed per account, every page of it gives the party's balances (server/money/ledger tests).
 */
export async function partyStatement(
  db: Queryable,
  of: StatementOf,
  options: { currency?: JobCurrency | null; cursor?: PageCursor | null } = {},
) {
  const party =
    "partyId" in of
      ? eq(ledgerPostings.partyId, of.partyId)
      : sql`${ledgerPostings.partyId} = (select ${ledgerParties.id} from ${ledgerParties} where ${ledgerParties.userId} = ${of.userId})`;
  const rows = await db
    .select({
      postingId: ledgerPostings.id,
      transactionId: ledgerPostings.transactionId,
      account: ledgerPostings.account,
      currency: ledgerPostings.currency,
      amountMinor: ledgerPostings.amountMinor,
      cause: ledgerTransactions.cause,
      causeRef: ledgerTransactions.causeRef,
      jobId: ledgerTransactions.jobId,
      memo: ledgerTransactions.memo,
      at: cursorTimestamp(ledgerPostings.createdAt),
      cursorAt: cursorTimestamp(ledgerPostings.createdAt),
      cursorId: sql<string>`${ledgerPostings.id}::text`,
    })
    .from(ledgerPostings)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
    .where(
      and(
        party,
        options.currency ? eq(ledgerPostings.currency, options.currency) : undefined,
        options.cursor ? afterCursor(ledgerPostings.createdAt, ledgerPostings.id, options.cursor) : undefined,
      ),
    )
    .orderBy(...newestFirst(ledgerPostings.createdAt, ledgerPostings.id))
    .limit(LEDGER_STATEMENT_PAGE + 1);
  return takeNewestPage(rows, LEDGER_STATEMENT_PAGE);
}

/** One line of a statement. */
export type StatementLine = Awaited<ReturnType<typeof partyStatement>>["items"][number];
