import { sql } from "drizzle-orm";

import { queryRows, type Queryable } from "../../../db/database.ts";
import type { JobCurrency } from "../../../domain/currencies.ts";
import { LEDGER_EARNINGS_MONTHS } from "../../../domain/ledger.ts";

/*
 * A worker's money, summed by the database over their party's postings (docs/decisions/076). Credits to
 * a worker's accounts are theirs, so each figure is minus the sum of its credits and debits.
 */

/** A worker's money in one currency, in minor units. */
export type WorkerBalance = {
  currency: JobCurrency;
  /** Agreed pay and compensation, net of corrections: availableToPayOut + inTransit + paidOut. */
  earned: bigint;
  /** Owed to them and not yet asked for: what a payout may take now. */
  availableToPayOut: bigint;
  /** Asked of the provider and not yet paid (or failed). */
  inTransit: bigint;
  /** Paid out by the provider. */
  paidOut: bigint;
  /** Their planned pay held on employers' cards and not yet captured or released: pay secured before the shift. */
  secured: bigint;
  /** Paid directly by employers: agreed and not yet marked paid, marked paid and not confirmed, confirmed. */
  directOwed: bigint;
  directMarkedPaid: bigint;
  directConfirmed: bigint;
};

type BalanceRow = { [K in Exclude<keyof WorkerBalance, "currency">]: string } & { currency: JobCurrency };

/** Sums of a worker's postings `p` joined to their transactions `t`; each a text of a bigint. */
const WORKER_SUMS = sql`
  coalesce(-sum(p.amount_minor) filter (where p.account = 'worker_payable'), 0)::text as "availableToPayOut",
  coalesce(-sum(p.amount_minor) filter (where p.account = 'payouts_in_transit'), 0)::text as "inTransit",
  coalesce(sum(p.amount_minor) filter (where p.account = 'payouts_in_transit' and t.cause = 'payout_paid'), 0)::text as "paidOut",
  (coalesce(-sum(p.amount_minor) filter (where p.account in ('worker_payable', 'payouts_in_transit')), 0)
    + coalesce(sum(p.amount_minor) filter (where p.account = 'payouts_in_transit' and t.cause = 'payout_paid'), 0))::text as earned,
  coalesce(-sum(p.amount_minor) filter (where p.account = 'hold_secured'), 0)::text as secured,
  coalesce(-sum(p.amount_minor) filter (where p.account = 'direct_owed'), 0)::text as "directOwed",
  coalesce(-sum(p.amount_minor) filter (where p.account = 'direct_marked_paid'), 0)::text as "directMarkedPaid",
  coalesce(-sum(p.amount_minor) filter (where p.account = 'direct_confirmed'), 0)::text as "directConfirmed"`;

function balanceOf(row: BalanceRow): WorkerBalance {
  return {
    currency: row.currency,
    earned: BigInt(row.earned),
    availableToPayOut: BigInt(row.availableToPayOut),
    inTransit: BigInt(row.inTransit),
    paidOut: BigInt(row.paidOut),
    secured: BigInt(row.secured),
    directOwed: BigInt(row.directOwed),
    directMarkedPaid: BigInt(row.directMarkedPaid),
    directConfirmed: BigInt(row.directConfirmed),
  };
}

/** A worker's balance in each currency they have money in; none when nothing was ever recorded. */
export async function workerBalance(db: Queryable, userId: string): Promise<WorkerBalance[]> {
  const rows = await queryRows<BalanceRow>(
    db,
    sql`select p.currency::text as currency, ${WORKER_SUMS}
        from ledger_parties party
        join ledger_postings p on p.party_id = party.id
        join ledger_transactions t on t.id = p.transaction_id
        where party.user_id = ${userId}
        group by p.currency
        order by p.currency`,
  );
  return rows.map(balanceOf);
}

/** Whether `zone` is an IANA time zone (a browser may have reported something else); Postgres knows the same names. */
export function knownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** One month of a worker's earnings in one currency, in minor units. */
export type WorkerMonth = {
  /** "2026-11", in the worker's time zone. */
  month: string;
  currency: JobCurrency;
  /** Pay secured for them by holds at the month's end (or now, for the current month). */
  heldAtEnd: bigint;
  /** Pay agreed (timesheets) and compensation owed to them through Daywork in the month. */
  agreed: bigint;
  /** Payouts the provider paid them in the month. */
  paid: bigint;
  /** Pay and compensation agreed on directly paid jobs in the month, and receipts they confirmed. */
  directAgreed: bigint;
  directConfirmed: bigint;
};

type MonthRow = { [K in Exclude<keyof WorkerMonth, "currency" | "month">]: string } & { month: string; currency: JobCurrency };

/**
 * A worker's earnings by month, newest first, LEDGER_EARNINGS_MONTHS at most, months grouped in
 * `timeZone` (their profile's, else UTC). Held is a balance at each month's end (a running sum), the
 * others are what happened in the month.
 */
export async function workerEarningsByMonth(db: Queryable, userId: string, timeZone: string | null): Promise<WorkerMonth[]> {
  const zone = timeZone && knownTimeZone(timeZone) ? timeZone : "UTC";
  const rows = await queryRows<MonthRow>(
    db,
    sql`with months as (
          select p.currency, date_trunc('month', p.created_at at time zone ${zone}) as month,
                 coalesce(-sum(p.amount_minor) filter (where p.account = 'hold_secured'), 0) as held_change,
                 coalesce(-sum(p.amount_minor) filter (where p.account = 'worker_payable'
                   and t.cause in ('timesheet_agreed', 'cancellation_compensation')), 0) as agreed,
                 coalesce(sum(p.amount_minor) filter (where p.account = 'payouts_in_transit' and t.cause = 'payout_paid'), 0) as paid,
                 coalesce(-sum(p.amount_minor) filter (where p.account = 'direct_owed'
                   and t.cause in ('timesheet_agreed', 'cancellation_compensation')), 0) as direct_agreed,
                 coalesce(-sum(p.amount_minor) filter (where p.account = 'direct_confirmed'), 0) as direct_confirmed
          from ledger_parties party
          join ledger_postings p on p.party_id = party.id
          join ledger_transactions t on t.id = p.transaction_id
          where party.user_id = ${userId}
          group by 1, 2
        )
        select to_char(month, 'YYYY-MM') as month, currency::text as currency,
               (sum(held_change) over (partition by currency order by month))::text as "heldAtEnd",
               agreed::text as agreed, paid::text as paid,
               direct_agreed::text as "directAgreed", direct_confirmed::text as "directConfirmed"
        from months
        order by months.month desc, currency
        limit ${LEDGER_EARNINGS_MONTHS}`,
  );
  return rows.map((row) => ({
    month: row.month,
    currency: row.currency,
    heldAtEnd: BigInt(row.heldAtEnd),
    agreed: BigInt(row.agreed),
    paid: BigInt(row.paid),
    directAgreed: BigInt(row.directAgreed),
    directConfirmed: BigInt(row.directConfirmed),
  }));
}
