import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { queryRows } from "../../../db/database.ts";
import { createEmployer, createWorker } from "../../../db/factories/users.ts";
import { ledgerParties, ledgerPostings, ledgerTransactions } from "../../../db/schema/index.ts";
import { openTestDatabase, type TestDatabase } from "../../../db/testing/test-database.ts";
import { timesheetAgreed } from "../../../domain/ledger-flows.ts";
import { LEDGER_ACCOUNT_RULES, LEDGER_ACCOUNTS, person } from "../../../domain/ledger.ts";
import { resolveParty } from "./parties.ts";
import { postTransaction } from "./post-transaction.ts";

// What the database refuses on its own (migration 0039), tried as raw SQL: no app code in the way.

let database: TestDatabase;
let employerParty: string;
let workerParty: string;
let posted: string;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const db = () => database.db;

/** The messages of what `action` failed with, its causes included (drizzle wraps the driver's error). */
async function failure(action: Promise<unknown>): Promise<string> {
  try {
    await action;
  } catch (error) {
    const messages: string[] = [];
    for (let e: unknown = error; e instanceof Error; e = e.cause) messages.push(e.message);
    return messages.join(" | ");
  }
  return "no failure";
}
const count = async (table: typeof ledgerPostings | typeof ledgerTransactions | typeof ledgerParties) => db().$count(table);

/** Writes a transaction as raw SQL, postings given as [account, party, amount], in one database transaction. */
async function rawTransaction(
  lines: [string, string, number][],
  options: { lineCount?: number; cause?: string; memo?: string | null; currency?: string; postingCurrency?: string } = {},
) {
  const id = randomUUID();
  await db().transaction(async (tx) => {
    await tx.execute(
      sql`insert into ledger_transactions (id, idempotency_key, cause, currency, memo, line_count, created_at)
          values (${id}, ${`raw:${id}`}, ${options.cause ?? "timesheet_agreed"}::ledger_cause, ${options.currency ?? "RUB"}::job_currency,
                  ${options.memo ?? null}, ${options.lineCount ?? lines.length}, '2026-01-15T10:00:00Z')`,
    );
    for (const [account, party, amount] of lines)
      await tx.execute(
        sql`insert into ledger_postings (transaction_id, account, party_id, amount_minor, currency, created_at)
            values (${id}, ${account}::ledger_account, ${party}, ${amount}, ${options.postingCurrency ?? options.currency ?? "RUB"}::job_currency,
                    '2026-01-15T10:00:00Z')`,
      );
  });
  return id;
}

describe("the ledger's tables, guarded by the database", () => {
  it("lets TRUNCATE through only while the ledger is empty (a bench's TRUNCATE user CASCADE reaches it)", async () => {
    // Payouts name parties (docs/decisions/081): they go in the same statement.
    await db().execute(sql`truncate payouts, ledger_postings, ledger_transactions, ledger_parties`);
    await db().execute(sql`truncate "user" cascade`);
  });

  it("posts a balanced transaction", async () => {
    const employer = await createEmployer(db());
    const worker = await createWorker(db());
    employerParty = (await resolveParty(db(), person(employer.id)))?.id ?? "";
    workerParty = (await resolveParty(db(), person(worker.id)))?.id ?? "";
    const result = await db().transaction((tx) =>
      postTransaction(tx, {
        ...timesheetAgreed("through_daywork", person(employer.id), person(worker.id), 10_000n),
        idempotencyKey: "guards:first",
        currency: "RUB",
        causeRef: "timesheet-1",
        jobId: null,
      }),
    );
    if (!result.ok) throw new Error(result.reason);
    posted = result.transactionId;
    expect(await count(ledgerPostings)).toBe(3);
  });

  it.each([
    ["update ledger_postings set amount_minor = amount_minor * 2", /append-only/],
    ["delete from ledger_postings", /append-only/],
    ["truncate ledger_postings cascade", /append-only/],
    ["update ledger_transactions set memo = 'edited'", /append-only/],
    ["delete from ledger_transactions", /append-only/],
    ["truncate ledger_transactions cascade", /append-only/],
    ["delete from ledger_parties", /outlives/],
    ["update ledger_parties set label = 'someone else'", /outlives/],
    ["truncate ledger_parties cascade", /outlives|append-only/],
  ])("refuses %s", async (statement, message) => {
    expect(await failure(db().execute(sql.raw(statement)))).toMatch(message);
    expect(await count(ledgerPostings)).toBe(3);
    expect(await count(ledgerTransactions)).toBe(1);
  });

  it("refuses to move a party to another person, and lets its account's deletion clear user_id, stamping when", async () => {
    const [party] = await db().select().from(ledgerParties).where(eq(ledgerParties.id, workerParty));
    const other = await createWorker(db());
    expect(await failure(db().update(ledgerParties).set({ userId: other.id }).where(eq(ledgerParties.id, workerParty)))).toMatch(
      /outlives/,
    );
    // The foreign key's SET NULL, as when the user row goes without the deletion's own step.
    await db().execute(sql`delete from "user" where id = ${party?.userId ?? ""}`);
    const [after] = await db().select().from(ledgerParties).where(eq(ledgerParties.id, workerParty));
    expect(after).toMatchObject({ userId: null, label: party?.label, kind: "worker" });
    expect(after?.anonymisedAt).toBeInstanceOf(Date);
    // Once anonymised, nothing more.
    expect(await failure(db().execute(sql`update ledger_parties set anonymised_at = now() where id = ${workerParty}`))).toMatch(
      /outlives/,
    );
  });

  it("refuses at commit a transaction that does not balance, and writes nothing of it", async () => {
    expect(
      await failure(
        rawTransaction([
          ["employer_receivable", employerParty, 100],
          ["worker_payable", workerParty, -99],
        ]),
      ),
    ).toMatch(/does not balance/);
    expect(await count(ledgerTransactions)).toBe(1);
    expect(await count(ledgerPostings)).toBe(3);
  });

  it("refuses a transaction balanced across books but not within each (a hold is not cash)", async () => {
    expect(
      await failure(
        rawTransaction([
          ["employer_receivable", employerParty, 100],
          ["card_hold", employerParty, -100],
        ]),
      ),
    ).toMatch(/does not balance/);
  });

  it("refuses a transaction without postings, with one, or with fewer or more than its line_count", async () => {
    expect(await failure(rawTransaction([], { lineCount: 2 }))).toMatch(/0 postings/);
    expect(await failure(rawTransaction([["employer_receivable", employerParty, 100]], { lineCount: 1 }))).toMatch(
      /ledger_transactions_line_count/,
    );
    expect(
      await failure(
        rawTransaction(
          [
            ["employer_receivable", employerParty, 100],
            ["worker_payable", workerParty, -100],
          ],
          { lineCount: 3 },
        ),
      ),
    ).toMatch(/2 postings, not its line_count 3/);
    expect(await count(ledgerTransactions)).toBe(1);
  });

  it("refuses postings added later to a committed transaction, even balanced ones", async () => {
    expect(
      await failure(
        db().transaction(async (tx) => {
          // Its own currency and time (microseconds included), as the foreign key wants them.
          for (const amount of [500, -500])
            await tx.execute(
              sql`insert into ledger_postings (transaction_id, account, party_id, amount_minor, currency, created_at)
                  select id, 'employer_receivable', ${employerParty}, ${amount}, currency, created_at
                  from ledger_transactions where id = ${posted}`,
            );
        }),
      ),
    ).toMatch(/5 postings, not its line_count 3/);
    expect(await count(ledgerPostings)).toBe(3);
  });

  it("refuses a zero amount, and a posting in another currency than its transaction's", async () => {
    expect(
      await failure(
        rawTransaction([
          ["employer_receivable", employerParty, 0],
          ["worker_payable", workerParty, 0],
        ]),
      ),
    ).toMatch(/ledger_postings_amount/);
    expect(
      await failure(
        rawTransaction(
          [
            ["employer_receivable", employerParty, 100],
            ["worker_payable", workerParty, -100],
          ],
          { postingCurrency: "EUR" },
        ),
      ),
    ).toMatch(/ledger_postings_transaction_fk/);
  });

  it("refuses an operator's correction without a reason and an author", async () => {
    expect(
      await failure(
        rawTransaction(
          [
            ["worker_payable", workerParty, -100],
            ["platform_adjustments", employerParty, 100],
          ],
          { cause: "operator_correction", memo: "  " },
        ),
      ),
    ).toMatch(/ledger_transactions_correction_reasoned/);
  });

  it("puts each account in the book domain/ledger.ts says", async () => {
    const rows = await queryRows<{ account: string; book: string }>(
      db(),
      sql`select a::text as account, daywork_ledger_book(a) as book from unnest(enum_range(null::ledger_account)) a`,
    );
    expect(rows).toEqual(LEDGER_ACCOUNTS.map((account) => ({ account, book: LEDGER_ACCOUNT_RULES[account].book })));
  });
});
