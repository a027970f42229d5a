import { and, eq, inArray, sql, type SQL } from "drizzle-orm";

import { queryRows, type Database, type Queryable } from "../../../db/database.ts";
import { jobApplications, jobs, ledgerParties, profiles, user } from "../../../db/schema/index.ts";
import type { JobCurrency } from "../../../domain/currencies.ts";
import type { MoneyOf } from "../../../domain/ledger-corrections.ts";
import { LEDGER_STATEMENT_PAGE, type LedgerAccount, type LedgerCause, type PartyKind } from "../../../domain/ledger.ts";
import { fromMinorUnits } from "../../../domain/minor-units.ts";
import type { PageCursor } from "../../../domain/page-cursor.ts";
import { recordOperatorAction } from "../../operators/audit.ts";
import { takeNewestPage } from "../../pagination/keyset.ts";

/*
 * What an operator reads before correcting a ledger (docs/decisions/080): a party's or a job's balances
 * per account and currency and its statement, summed by the database. Each read is written to the audit
 * log in the same transaction, as reading a dispute's case is (docs/decisions/074).
 */

/** Someone a correction may name: a party the ledger has, or a person it has none for yet. */
export type MoneyPerson = {
  partyId: string | null;
  userId: string | null;
  kind: PartyKind | null;
  label: string | null;
  name: string | null;
};

/** One account's balance: debit positive, credit negative, as a decimal of the currency. */
export type MoneyBalance = {
  partyId: string;
  partyLabel: string;
  account: LedgerAccount;
  currency: JobCurrency;
  amount: string;
};

/** One posting of a statement, with its transaction's cause, memo, author and whether it was reversed. */
export type MoneyLine = {
  postingId: string;
  transactionId: string;
  at: string;
  partyId: string;
  partyLabel: string;
  account: LedgerAccount;
  currency: JobCurrency;
  amount: string;
  cause: LedgerCause;
  causeRef: string | null;
  jobId: string | null;
  memo: string | null;
  createdByLabel: string | null;
  reversed: boolean;
};

export type MoneyStatement = { items: MoneyLine[]; nextCursor: PageCursor | null };

type LineRow = Omit<MoneyLine, "amount"> & { amountMinor: string; cursorAt: string; cursorId: string };

/** The subject of a statement as SQL over postings `p` and transactions `t`. */
type Scope = { partyId: string } | { jobId: string };

/** A page of a party's or a job's postings, newest first (keyset on created_at and id). */
export async function moneyStatement(
  db: Queryable,
  scope: Scope,
  cursor: PageCursor | null | undefined,
): Promise<MoneyStatement> {
  const where = "partyId" in scope ? sql`p.party_id = ${scope.partyId}::uuid` : sql`t.job_id = ${scope.jobId}::uuid`;
  const rows = await queryRows<LineRow>(
    db,
    sql`select p.id::text as "postingId", t.id::text as "transactionId",
               to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at,
               p.party_id::text as "partyId", pa.label as "partyLabel", p.account::text as account,
               p.currency::text as currency, p.amount_minor::text as "amountMinor", t.cause::text as cause, t.cause_ref as "causeRef",
               t.job_id::text as "jobId", t.memo, cb.label as "createdByLabel",
               exists (select 1 from ledger_transactions r where r.idempotency_key = 'reversal:' || t.id::text) as reversed,
               to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "cursorAt", p.id::text as "cursorId"
        from ledger_postings p
        join ledger_transactions t on t.id = p.transaction_id
        join ledger_parties pa on pa.id = p.party_id
        left join ledger_parties cb on cb.id = t.created_by
        where ${where}
          ${cursor ? sql`and (p.created_at, p.id) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : sql``}
        order by p.created_at desc nulls last, p.id desc nulls last
        limit ${LEDGER_STATEMENT_PAGE + 1}`,
  );
  const page = takeNewestPage(rows, LEDGER_STATEMENT_PAGE);
  return {
    items: page.items.map(({ amountMinor, ...line }) => ({
      ...line,
      amount: fromMinorUnits(BigInt(amountMinor), line.currency),
    })),
    nextCursor: page.nextCursor,
  };
}

type BalanceRow = { partyId: string; partyLabel: string; account: LedgerAccount; currency: JobCurrency; sum: string };

/** Balances per party, account and currency of a party's or a job's postings; accounts that sum to zero left out. */
async function balances(db: Queryable, scope: Scope): Promise<MoneyBalance[]> {
  const where = "partyId" in scope ? sql`p.party_id = ${scope.partyId}::uuid` : sql`t.job_id = ${scope.jobId}::uuid`;
  const rows = await queryRows<BalanceRow>(
    db,
    sql`select pa.id::text as "partyId", pa.label as "partyLabel", p.account::text as account, p.currency::text as currency,
               sum(p.amount_minor)::text as sum
        from ledger_postings p
        join ledger_transactions t on t.id = p.transaction_id
        join ledger_parties pa on pa.id = p.party_id
        where ${where}
        group by pa.id, pa.label, p.account, p.currency
        having sum(p.amount_minor) <> 0
        order by pa.label, p.currency, p.account`,
  );
  return rows.map(({ sum, ...row }) => ({ ...row, amount: fromMinorUnits(BigInt(sum), row.currency) }));
}

/** A party and, while its account lives, its person. */
async function partyPeople(db: Queryable, where: SQL): Promise<MoneyPerson[]> {
  return db
    .select({
      partyId: ledgerParties.id,
      userId: ledgerParties.userId,
      kind: ledgerParties.kind,
      label: ledgerParties.label,
      name: profiles.fullName,
    })
    .from(ledgerParties)
    .leftJoin(profiles, eq(profiles.id, ledgerParties.userId))
    .where(where)
    .limit(200);
}

/** People with no party yet (nothing was ever posted about them): named by account. */
async function peopleByAccount(db: Queryable, userIds: readonly string[]): Promise<MoneyPerson[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({
      userId: profiles.id,
      name: profiles.fullName,
      partyId: ledgerParties.id,
      kind: ledgerParties.kind,
      label: ledgerParties.label,
    })
    .from(profiles)
    .leftJoin(ledgerParties, eq(ledgerParties.userId, profiles.id))
    .where(and(inArray(profiles.id, [...userIds]), sql`${profiles.deletedAt} is null`));
  return rows;
}

/** What the console shows of a party, a person or a job: who, balances, the statement's first page. */
export type MoneyView = {
  subject:
    | { kind: "party"; person: MoneyPerson; email: string | null }
    | { kind: "job"; jobId: string; title: string | null; currency: JobCurrency | null; ownerName: string | null };
  /** Whom a correction here may name: the party or person itself, or the job's owner, hired workers and parties. */
  people: MoneyPerson[];
  balances: MoneyBalance[];
  statement: MoneyStatement;
};

/** The money of `of`, read by `operatorId` (audited in the same transaction); null when it names nothing. */
export async function moneyView(db: Database, operatorId: string, of: MoneyOf): Promise<MoneyView | null> {
  return db.transaction(async (tx) => {
    const view = "jobId" in of ? await jobView(tx, of.jobId) : await partyView(tx, of);
    if (!view) return null;
    await auditRead(tx, operatorId, of);
    return view;
  });
}

/** A further page of a statement (audited like the first). */
export async function moneyStatementPage(
  db: Database,
  operatorId: string,
  of: MoneyOf,
  cursor: PageCursor | null | undefined,
): Promise<MoneyStatement | null> {
  return db.transaction(async (tx) => {
    const scope = await scopeOf(tx, of);
    if (!scope) return null;
    await auditRead(tx, operatorId, of);
    return moneyStatement(tx, scope, cursor);
  });
}

async function auditRead(tx: Queryable, operatorId: string, of: MoneyOf) {
  const [subjectType, subjectId] =
    "jobId" in of ? ["job", of.jobId] : "userId" in of ? ["account", of.userId] : ["ledger_party", of.partyId];
  await recordOperatorAction(tx, { operatorId, action: "read_money", subjectType, subjectId });
}

async function scopeOf(db: Queryable, of: MoneyOf): Promise<Scope | null> {
  if ("jobId" in of) return (await jobExists(db, of.jobId)) ? { jobId: of.jobId } : null;
  const [party] = await db
    .select({ id: ledgerParties.id })
    .from(ledgerParties)
    .where("partyId" in of ? eq(ledgerParties.id, of.partyId) : eq(ledgerParties.userId, of.userId));
  return party ? { partyId: party.id } : null;
}

async function jobExists(db: Queryable, jobId: string): Promise<boolean> {
  const [row] = await queryRows<{ found: boolean }>(
    db,
    sql`select exists (select 1 from jobs where id = ${jobId}::uuid)
            or exists (select 1 from ledger_transactions where job_id = ${jobId}::uuid) as found`,
  );
  return row?.found ?? false;
}

async function partyView(db: Queryable, of: { partyId: string } | { userId: string }): Promise<MoneyView | null> {
  const [found] =
    "partyId" in of ? await partyPeople(db, eq(ledgerParties.id, of.partyId)) : await peopleByAccount(db, [of.userId]);
  if (!found) return null;
  const [account] = found.userId ? await db.select({ email: user.email }).from(user).where(eq(user.id, found.userId)) : [];
  const scope = found.partyId ? { partyId: found.partyId } : null;
  return {
    subject: { kind: "party", person: found, email: account?.email ?? null },
    people: [found],
    balances: scope ? await balances(db, scope) : [],
    statement: scope ? await moneyStatement(db, scope, null) : { items: [], nextCursor: null },
  };
}

async function jobView(db: Queryable, jobId: string): Promise<MoneyView | null> {
  if (!(await jobExists(db, jobId))) return null;
  const [job] = await db
    .select({ title: jobs.title, currency: jobs.currency, ownerId: jobs.employerId, ownerName: profiles.fullName })
    .from(jobs)
    .innerJoin(profiles, eq(profiles.id, jobs.employerId))
    .where(eq(jobs.id, jobId));
  const hired = job
    ? await db
        .select({ workerId: jobApplications.workerId })
        .from(jobApplications)
        .where(and(eq(jobApplications.jobId, jobId), eq(jobApplications.status, "accepted")))
        .limit(200)
    : [];
  const inLedger = await partyPeople(
    db,
    sql`${ledgerParties.id} in (select p.party_id from ledger_postings p join ledger_transactions t on t.id = p.transaction_id
                                where t.job_id = ${jobId}::uuid)`,
  );
  const byAccount = await peopleByAccount(db, job ? [job.ownerId, ...hired.map((h) => h.workerId)] : []);
  // One entry per party or person: the ledger's first, then those it has nothing about yet.
  const people = [...inLedger];
  for (const person of byAccount) {
    if (!people.some((p) => (person.partyId && p.partyId === person.partyId) || (p.userId && p.userId === person.userId)))
      people.push(person);
  }
  const [ledgerCurrency] = await queryRows<{ currency: JobCurrency }>(
    db,
    sql`select currency::text as currency from ledger_transactions where job_id = ${jobId}::uuid limit 1`,
  );
  return {
    subject: {
      kind: "job",
      jobId,
      title: job?.title ?? null,
      currency: job?.currency ?? ledgerCurrency?.currency ?? null,
      ownerName: job?.ownerName ?? null,
    },
    people,
    balances: await balances(db, { jobId }),
    statement: await moneyStatement(db, { jobId }, null),
  };
}

/** Who or what an operator's search names: a person by e-mail or account id, a party or a job by id. */
export async function findMoney(
  db: Queryable,
  query: string,
): Promise<{ people: MoneyPerson[]; jobs: { jobId: string; title: string | null }[] }> {
  const text = query.trim();
  const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text);
  if (text.includes("@")) {
    const [account] = await db
      .select({ id: user.id })
      .from(user)
      .where(sql`lower(${user.email}) = lower(${text})`);
    return { people: account ? await peopleByAccount(db, [account.id]) : [], jobs: [] };
  }
  if (!isUuid) return { people: await peopleByAccount(db, [text]), jobs: [] };
  const people = await partyPeople(db, eq(ledgerParties.id, text));
  const [job] = await db.select({ title: jobs.title }).from(jobs).where(eq(jobs.id, text));
  const found = job
    ? [{ jobId: text.toLowerCase(), title: job.title }]
    : (await jobExists(db, text))
      ? [{ jobId: text.toLowerCase(), title: null }]
      : [];
  return { people, jobs: found };
}
