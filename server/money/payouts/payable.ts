import { sql, type SQL } from "drizzle-orm";

import { queryRows, type Queryable, type Tx } from "../../../db/database.ts";
import type { ProviderCurrency } from "../../../domain/pay-mode.ts";

/*
 * What a worker may take out now: the one place that says it (docs/decisions/081). "Take it now", the
 * daily automatic payout and the payouts screen all read it here, so a later rule (only pay whose hold
 * was captured) changes this file alone.
 */

/**
 * The SQL of a party's payable money in a currency, in minor units: what we owe them and they have
 * not asked for, minus the sum of their worker_payable postings. Pay from a job counts once the
 * employer's card held the worker's planned pay on it (docs/decisions/079): we never pay out money no
 * hold stands behind. Postings without a job (payouts, corrections) count as they are.
 */
export function payableSql(partyId: SQL, currency: SQL): SQL {
  return sql`(select coalesce(-sum(p.amount_minor), 0) from ledger_postings p
              join ledger_transactions t on t.id = p.transaction_id
              where p.party_id = ${partyId} and p.account = 'worker_payable' and p.currency = ${currency}
                and (t.job_id is null or exists (
                  select 1 from ledger_transactions held
                  join ledger_postings secured on secured.transaction_id = held.id
                  where held.job_id = t.job_id and secured.party_id = p.party_id
                    and secured.account = 'hold_secured' and secured.amount_minor < 0)))`;
}

/** A worker's money in `currency` that a payout may take now, in minor units (0 when none). */
export async function payableNow(db: Queryable, userId: string, currency: ProviderCurrency): Promise<bigint> {
  const [row] = await queryRows<{ payable: string }>(
    db,
    sql`select ${payableSql(sql`party.id`, sql`${currency}::job_currency`)}::text as payable
        from ledger_parties party where party.user_id = ${userId}`,
  );
  return BigInt(row?.payable ?? "0");
}

/**
 * Locks the worker's ledger party FOR UPDATE, then reads payableNow in the caller's transaction: a
 * second "take it now" (another tab, a script, the daily run) waits on the lock and then reads what the
 * first left (READ COMMITTED reads afresh per statement). Null when the person has no party.
 */
export async function lockPayable(
  tx: Tx,
  userId: string,
  currency: ProviderCurrency,
): Promise<{ partyId: string; payable: bigint } | null> {
  const [party] = await queryRows<{ id: string }>(tx, sql`select id from ledger_parties where user_id = ${userId} for update`);
  if (!party) return null;
  return { partyId: party.id, payable: await payableNow(tx, userId, currency) };
}
