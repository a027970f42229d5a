import { sql } from "drizzle-orm";

import { queryRows, type Queryable } from "../../db/database.ts";
import type { JobCurrency } from "../../domain/currencies.ts";
import type { DirectPayState } from "../../domain/direct-pay.ts";
import { fromMinorUnits } from "../../domain/minor-units.ts";

/** Where a directly paid day stands, as the ledger records it: its pay, and when it was marked and confirmed. */
export type DirectPayView = {
  state: DirectPayState;
  /** The agreed pay as a decimal in the job's currency ("1800.00"). */
  amount: string;
  amountMinor: bigint;
  currency: JobCurrency;
  markedAt: Date | null;
  confirmedAt: Date | null;
};

type StateRow = {
  timesheet_id: string;
  currency: JobCurrency;
  amount_minor: string;
  marked_at: string | Date | null;
  confirmed_at: string | Date | null;
};

const at = (value: string | Date | null) => (value === null ? null : new Date(value));

/**
 * The direct-pay state of a job's timesheets (all, or those of `timesheetIds`), keyed by timesheet id,
 * summed by the database over the job's ledger transactions in one query: a timesheet is listed once its
 * agreed pay is in the direct book. Its pay is the owner's side of the day's agreed postings: the first
 * minutes' and an operator's settlement's change of them (docs/decisions/080). A day of a job paid
 * through Daywork, or without a rate, has none.
 */
export async function directPayStates(
  db: Queryable,
  jobId: string,
  timesheetIds: readonly string[] | null = null,
): Promise<Map<string, DirectPayView>> {
  if (timesheetIds?.length === 0) return new Map();
  const only = timesheetIds
    ? sql`and t.cause_ref in (${sql.join(
        timesheetIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  const rows = await queryRows<StateRow>(
    db,
    sql`select t.cause_ref as timesheet_id, t.currency::text as currency,
               sum(p.amount_minor) filter (where t.cause = 'timesheet_agreed' and p.account = 'direct_owed'
                                           and p.party_id = owner.party_id)::text as amount_minor,
               max(t.created_at) filter (where t.cause = 'direct_payment_marked') as marked_at,
               max(t.created_at) filter (where t.cause = 'direct_payment_confirmed') as confirmed_at
        from ledger_transactions t
        join ledger_postings p on p.transaction_id = t.id
        cross join (select lp.id as party_id from ledger_parties lp join jobs j on lp.user_id = j.employer_id
                    where j.id = ${jobId}::uuid) owner
        where t.job_id = ${jobId}::uuid
          and t.cause in ('timesheet_agreed', 'direct_payment_marked', 'direct_payment_confirmed')
          ${only}
        group by t.cause_ref, t.currency
        having count(*) filter (where t.cause = 'timesheet_agreed' and p.account = 'direct_owed' and p.party_id = owner.party_id) > 0`,
  );
  return new Map(
    rows.map((row) => {
      const amountMinor = BigInt(row.amount_minor);
      const markedAt = at(row.marked_at);
      const confirmedAt = at(row.confirmed_at);
      const state: DirectPayState = confirmedAt ? "confirmed" : markedAt ? "marked_paid" : "owed";
      const view: DirectPayView = {
        state,
        amount: fromMinorUnits(amountMinor, row.currency),
        amountMinor,
        currency: row.currency,
        markedAt,
        confirmedAt,
      };
      return [row.timesheet_id, view];
    }),
  );
}
