import { sql } from "drizzle-orm";

import { queryRows, type Queryable } from "../../../db/database.ts";
import type { JobCurrency } from "../../../domain/currencies.ts";
import type { PayMode } from "../../../domain/pay-mode.ts";
import { jobMoney, type JobMoney } from "../ledger/job-money.ts";

/** One worker's line of a job's statement, in minor units of the job's currency. */
export type JobStatementWorker = {
  /** The worker's ledger party: it outlives their account. */
  partyId: string;
  /** Their name, or null when their account is gone (the statement then shows the party's label). */
  name: string | null;
  label: string;
} & JobStatementFigures;

/** A job statement's figures, of one worker or of all: minutes, and amounts in minor units. */
export type JobStatementFigures = {
  /** Minutes of their agreed days that posted pay (a day of no minutes posts none). */
  agreedMinutes: number;
  /** Pay of their agreed days, through Daywork or directly. */
  pay: bigint;
  /** Late-cancellation compensation owed to them. */
  compensation: bigint;
  /** The platform's fee on their pay (through Daywork only). */
  fee: bigint;
  /** Paid directly: marked paid by the employer, and confirmed received by the worker. */
  directMarkedPaid: bigint;
  directConfirmed: bigint;
};

/** A job's statement for its owner: the job, its money summed over the ledger, and a line per worker. */
export type JobStatement = {
  job: {
    id: string;
    title: string;
    startDate: string;
    endDate: string;
    payMode: PayMode;
    currency: JobCurrency;
    /** The hourly rate as Postgres prints it ("350.50"), or null. */
    hourlyRate: string | null;
  };
  /** Null while no money was recorded for the job. */
  money: JobMoney | null;
  workers: JobStatementWorker[];
  /** The workers' lines summed by the database (the same sums over all of them). */
  totals: JobStatementFigures;
};

type WorkerRow = { [K in "pay" | "compensation" | "fee" | "directMarkedPaid" | "directConfirmed"]: string } & {
  partyId: string;
  name: string | null;
  label: string;
  agreedMinutes: string;
  is_total: number;
};

/**
 * A job's statement, for its owner only (the owner is in the WHERE clause: anyone else, or no such job,
 * gets null). The per-worker lines sum, in the database, the postings of each worker's party on the
 * job's transactions; the fee of a worker is the platform's line of their own agreed days'
 * transactions, so the lines add up to the job's totals (statements tests).
 */
export async function jobStatement(db: Queryable, params: { jobId: string; ownerId: string }): Promise<JobStatement | null> {
  const [job] = await queryRows<JobStatement["job"]>(
    db,
    sql`select j.id::text as id, j.title, j.start_date::text as "startDate",
               (j.start_date + (j.duration_days - 1))::text as "endDate",
               j.pay_mode::text as "payMode", j.currency::text as currency, j.hourly_rate::text as "hourlyRate"
        from jobs j
        where j.id = ${params.jobId}::uuid and j.employer_id = ${params.ownerId}`,
  );
  if (!job) return null;
  const [money] = await jobMoney(db, job.id);
  const rows = await queryRows<WorkerRow>(
    db,
    sql`with job_tx as (
          select t.id, t.cause, t.cause_ref from ledger_transactions t where t.job_id = ${job.id}::uuid
        ), owed as (
          -- The worker's line of each agreed day or compensation: whose pay, and of which transaction.
          select p.transaction_id, p.party_id, tx.cause, tx.cause_ref
          from job_tx tx
          join ledger_postings p on p.transaction_id = tx.id
          where tx.cause in ('timesheet_agreed', 'cancellation_compensation')
            and p.account in ('worker_payable', 'direct_owed') and p.amount_minor < 0
        ), lines as (
          select p.party_id, p.account::text as account, p.amount_minor, tx.cause, 0 as minutes
          from job_tx tx
          join ledger_postings p on p.transaction_id = tx.id
          join ledger_parties pa on pa.id = p.party_id and pa.kind = 'worker'
          union all
          -- The platform's fee on a worker's agreed days counts as that worker's.
          select owed.party_id, 'platform_fee', p.amount_minor, owed.cause, 0
          from owed join ledger_postings p on p.transaction_id = owed.transaction_id and p.account = 'platform_fee'
          union all
          select owed.party_id, 'minutes', 0, owed.cause, ts.minutes
          from owed join timesheets ts on ts.id::text = owed.cause_ref
          where owed.cause = 'timesheet_agreed'
        ), sums as (
          select party_id, grouping(party_id) as is_total,
                 coalesce(sum(minutes), 0)::text as "agreedMinutes",
                 coalesce(-sum(amount_minor) filter (where cause = 'timesheet_agreed'
                   and account in ('worker_payable', 'direct_owed')), 0)::text as pay,
                 coalesce(-sum(amount_minor) filter (where cause = 'cancellation_compensation'
                   and account in ('worker_payable', 'direct_owed')), 0)::text as compensation,
                 coalesce(-sum(amount_minor) filter (where account = 'platform_fee'), 0)::text as fee,
                 coalesce(-sum(amount_minor) filter (where account = 'direct_marked_paid'), 0)::text as "directMarkedPaid",
                 coalesce(-sum(amount_minor) filter (where account = 'direct_confirmed'), 0)::text as "directConfirmed"
          from lines
          group by grouping sets ((party_id), ())
        )
        select sums.*, sums.party_id::text as "partyId", pr.full_name as name, coalesce(pa.label, '') as label
        from sums
        left join ledger_parties pa on pa.id = sums.party_id
        left join profiles pr on pr.id = pa.user_id and pr.deleted_at is null
        order by sums.is_total, coalesce(pr.full_name, pa.label), sums.party_id`,
  );
  const figures = (row: WorkerRow) => ({
    agreedMinutes: Number(row.agreedMinutes),
    pay: BigInt(row.pay),
    compensation: BigInt(row.compensation),
    fee: BigInt(row.fee),
    directMarkedPaid: BigInt(row.directMarkedPaid),
    directConfirmed: BigInt(row.directConfirmed),
  });
  const total = rows.find((row) => row.is_total === 1);
  return {
    job,
    money: money ?? null,
    workers: rows
      .filter((row) => row.is_total === 0)
      .map((row) => ({ partyId: row.partyId, name: row.name, label: row.label, ...figures(row) })),
    totals: total
      ? figures(total)
      : { agreedMinutes: 0, pay: 0n, compensation: 0n, fee: 0n, directMarkedPaid: 0n, directConfirmed: 0n },
  };
}
