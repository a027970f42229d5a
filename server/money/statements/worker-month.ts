import { sql } from "drizzle-orm";

import { queryRows, type Queryable } from "../../../db/database.ts";
import type { JobCurrency } from "../../../domain/currencies.ts";
import { knownTimeZone, workerBalance, workerEarningsByMonth } from "../ledger/worker-money.ts";

/** One job's part of a worker's month (or, with no job, the payouts and corrections), in minor units. */
export type WorkerMonthLine = {
  jobId: string | null;
  /** The job's title, or null when it has no job or the job is gone (the ledger keeps its id). */
  title: string | null;
  currency: JobCurrency;
  /** Minutes of the days agreed in the month that posted pay. */
  agreedMinutes: number;
  /** Pay and compensation agreed through Daywork in the month. */
  agreed: bigint;
  /** Payouts the provider paid them in the month. */
  paid: bigint;
  /** Pay and compensation agreed on directly paid jobs in the month, and receipts they confirmed. */
  directAgreed: bigint;
  directConfirmed: bigint;
};

type LineRow = { [K in "agreed" | "paid" | "directAgreed" | "directConfirmed" | "agreedMinutes"]: string } & {
  jobId: string | null;
  title: string | null;
  currency: JobCurrency;
};

/**
 * A worker's month ("2026-11", in `timeZone`, their profile's, else UTC) by job and currency: the same
 * sums as workerEarningsByMonth (server/money/ledger/worker-money.ts) split by the transaction's job,
 * so each month's lines add up to that month's row (statements tests). Jobs in the order their money
 * first moved in the month.
 */
export async function workerMonthLines(
  db: Queryable,
  params: { userId: string; month: string; timeZone: string | null },
): Promise<WorkerMonthLine[]> {
  const zone = params.timeZone && knownTimeZone(params.timeZone) ? params.timeZone : "UTC";
  const start = `${params.month}-01`;
  const rows = await queryRows<LineRow>(
    db,
    sql`with mine as (
          select p.account, p.amount_minor, p.currency, p.created_at, t.cause, t.cause_ref, t.job_id
          from ledger_parties party
          join ledger_postings p on p.party_id = party.id
          join ledger_transactions t on t.id = p.transaction_id
          where party.user_id = ${params.userId}
            and p.created_at >= (${start}::timestamp at time zone ${zone})
            and p.created_at < ((${start}::timestamp + interval '1 month') at time zone ${zone})
        )
        select mine.job_id::text as "jobId", j.title, mine.currency::text as currency,
               coalesce(sum(ts.minutes) filter (where mine.cause = 'timesheet_agreed'
                 and mine.account in ('worker_payable', 'direct_owed') and mine.amount_minor < 0), 0)::text as "agreedMinutes",
               coalesce(-sum(mine.amount_minor) filter (where mine.account = 'worker_payable'
                 and mine.cause in ('timesheet_agreed', 'cancellation_compensation')), 0)::text as agreed,
               coalesce(sum(mine.amount_minor) filter (where mine.account = 'payouts_in_transit' and mine.cause = 'payout_paid'), 0)::text as paid,
               coalesce(-sum(mine.amount_minor) filter (where mine.account = 'direct_owed'
                 and mine.cause in ('timesheet_agreed', 'cancellation_compensation')), 0)::text as "directAgreed",
               coalesce(-sum(mine.amount_minor) filter (where mine.account = 'direct_confirmed'), 0)::text as "directConfirmed"
        from mine
        left join jobs j on j.id = mine.job_id
        left join timesheets ts on mine.cause = 'timesheet_agreed' and ts.id::text = mine.cause_ref
        group by mine.job_id, j.title, mine.currency
        order by min(mine.created_at), mine.job_id nulls last, mine.currency`,
  );
  return rows
    .map((row) => ({
      jobId: row.jobId,
      title: row.title,
      currency: row.currency,
      agreedMinutes: Number(row.agreedMinutes),
      agreed: BigInt(row.agreed),
      paid: BigInt(row.paid),
      directAgreed: BigInt(row.directAgreed),
      directConfirmed: BigInt(row.directConfirmed),
    }))
    .filter((line) => line.agreed !== 0n || line.paid !== 0n || line.directAgreed !== 0n || line.directConfirmed !== 0n);
}

/**
 * A person's earnings (months in their time zone, balances), only when their ledger party is a worker's:
 * an employer's party holds the mirrored side of directly paid days, which are what they owe, not earnings.
 */
export async function workerEarnings(db: Queryable, userId: string, timeZone: string | null) {
  const [party] = await queryRows<{ kind: string }>(
    db,
    sql`select kind::text as kind from ledger_parties where user_id = ${userId}`,
  );
  if (party?.kind !== "worker") return { months: [], balances: [] };
  return { months: await workerEarningsByMonth(db, userId, timeZone), balances: await workerBalance(db, userId) };
}
