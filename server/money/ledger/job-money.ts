import { sql } from "drizzle-orm";

import { queryRows, type Queryable } from "../../../db/database.ts";
import type { JobCurrency } from "../../../domain/currencies.ts";
import { LEDGER_SPEND_PAGE } from "../../../domain/ledger.ts";
import type { PageCursor } from "../../../domain/page-cursor.ts";

/** A job's money in one currency, in minor units, summed by the database over its transactions' postings. */
export type JobMoney = {
  jobId: string;
  currency: JobCurrency;
  /** Authorised on the employer's card (holds and their adjustments). */
  authorised: bigint;
  /** Still held on the card: authorised less captured and released. */
  held: bigint;
  captured: bigint;
  released: bigint;
  /** Given back to the employer's card. */
  refunded: bigint;
  /** Pay of agreed timesheets through Daywork. */
  work: bigint;
  /** The platform's fee. */
  fee: bigint;
  /** Late-cancellation compensation the employer owes, through Daywork or directly. */
  compensation: bigint;
  /** What the employer owes and was not captured yet (negative: owed back to them). */
  outstanding: bigint;
  /** Paid directly: agreed and not marked paid, marked paid and not confirmed, confirmed (the workers' side). */
  directOwed: bigint;
  directMarkedPaid: bigint;
  directConfirmed: bigint;
};

type MoneyRow = { [K in Exclude<keyof JobMoney, "jobId" | "currency">]: string } & { jobId: string; currency: JobCurrency };

/** Sums of a job's postings `p`, their transactions `t` and parties `pa`; each a text of a bigint. */
const JOB_SUMS = sql`
  coalesce(sum(p.amount_minor) filter (where p.account = 'card_hold' and t.cause in ('hold_authorised', 'hold_adjusted')), 0)::text as authorised,
  coalesce(sum(p.amount_minor) filter (where p.account = 'card_hold'), 0)::text as held,
  coalesce(-sum(p.amount_minor) filter (where p.account = 'employer_receivable' and t.cause = 'captured'), 0)::text as captured,
  coalesce(-sum(p.amount_minor) filter (where p.account = 'card_hold' and t.cause = 'hold_released'), 0)::text as released,
  coalesce(sum(p.amount_minor) filter (where p.account = 'employer_receivable' and t.cause = 'refunded'), 0)::text as refunded,
  coalesce(-sum(p.amount_minor) filter (where p.account = 'worker_payable' and t.cause = 'timesheet_agreed'), 0)::text as work,
  coalesce(-sum(p.amount_minor) filter (where p.account = 'platform_fee'), 0)::text as fee,
  coalesce(sum(p.amount_minor) filter (where t.cause = 'cancellation_compensation' and pa.kind = 'employer'), 0)::text as compensation,
  coalesce(sum(p.amount_minor) filter (where p.account = 'employer_receivable'), 0)::text as outstanding,
  coalesce(-sum(p.amount_minor) filter (where p.account = 'direct_owed' and pa.kind = 'worker'), 0)::text as "directOwed",
  coalesce(-sum(p.amount_minor) filter (where p.account = 'direct_marked_paid' and pa.kind = 'worker'), 0)::text as "directMarkedPaid",
  coalesce(-sum(p.amount_minor) filter (where p.account = 'direct_confirmed' and pa.kind = 'worker'), 0)::text as "directConfirmed"`;

function moneyOf(row: MoneyRow): JobMoney {
  return {
    jobId: row.jobId,
    currency: row.currency,
    authorised: BigInt(row.authorised),
    held: BigInt(row.held),
    captured: BigInt(row.captured),
    released: BigInt(row.released),
    refunded: BigInt(row.refunded),
    work: BigInt(row.work),
    fee: BigInt(row.fee),
    compensation: BigInt(row.compensation),
    outstanding: BigInt(row.outstanding),
    directOwed: BigInt(row.directOwed),
    directMarkedPaid: BigInt(row.directMarkedPaid),
    directConfirmed: BigInt(row.directConfirmed),
  };
}

/** A job's money summary, one row per currency (a job has one); none when no money was recorded for it. */
export async function jobMoney(db: Queryable, jobId: string): Promise<JobMoney[]> {
  const rows = await queryRows<MoneyRow>(
    db,
    sql`select t.job_id::text as "jobId", p.currency::text as currency, ${JOB_SUMS}
        from ledger_transactions t
        join ledger_postings p on p.transaction_id = t.id
        join ledger_parties pa on pa.id = p.party_id
        where t.job_id = ${jobId}::uuid
        group by t.job_id, p.currency
        order by p.currency`,
  );
  return rows.map(moneyOf);
}

/**
 * An employer's spend by job: the jobs their postings are about, newest first by when the job's money
 * began, LEDGER_SPEND_PAGE jobs a page (keyset on that time and the job id), each job's money summed
 * over all its postings (the workers' and the platform's side too). Only an employer's party has spend:
 * a worker's postings name jobs too, whose totals are not theirs to see. Deleted jobs stay: the ledger
 * keeps their id (docs/decisions/076).
 */
export async function employerSpendByJob(
  db: Queryable,
  userId: string,
  cursor: PageCursor | null | undefined,
): Promise<{ items: JobMoney[]; nextCursor: PageCursor | null }> {
  const rows = await queryRows<MoneyRow & { cursorAt: string }>(
    db,
    sql`with jobs_of as (
          select t.job_id, min(t.created_at) as first_at
          from ledger_parties party
          join ledger_postings p on p.party_id = party.id
          join ledger_transactions t on t.id = p.transaction_id
          where party.user_id = ${userId} and party.kind = 'employer' and t.job_id is not null
          group by t.job_id
        ), page as (
          select job_id, first_at from jobs_of
          ${cursor ? sql`where (first_at, job_id) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : sql``}
          order by first_at desc, job_id desc
          limit ${LEDGER_SPEND_PAGE + 1}
        )
        select page.job_id::text as "jobId", p.currency::text as currency,
               to_char(page.first_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "cursorAt", ${JOB_SUMS}
        from page
        join ledger_transactions t on t.job_id = page.job_id
        join ledger_postings p on p.transaction_id = t.id
        join ledger_parties pa on pa.id = p.party_id
        group by page.job_id, page.first_at, p.currency
        order by page.first_at desc, page.job_id desc, p.currency`,
  );
  // A page holds whole jobs: the rows of the job beyond the page only say that there is a next one.
  const jobIds = [...new Set(rows.map((row) => row.jobId))];
  const pageJobs = new Set(jobIds.slice(0, LEDGER_SPEND_PAGE));
  const items = rows.filter((row) => pageJobs.has(row.jobId));
  const last = items.at(-1);
  return {
    items: items.map(moneyOf),
    nextCursor: jobIds.length > LEDGER_SPEND_PAGE && last ? { at: last.cursorAt, id: last.jobId } : null,
  };
}
