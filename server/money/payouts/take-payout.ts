import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";

import { queryRows, type Database } from "../../../db/database.ts";
import { lockPeopleFirst } from "../../../db/lock-order.ts";
import { payoutRequested } from "../../../domain/ledger-flows.ts";
import { fromMinorUnits } from "../../../domain/minor-units.ts";
import { PROVIDER_BY_CURRENCY, type ProviderCurrency } from "../../../domain/pay-mode.ts";
import {
  meetsPayoutMinimum,
  PAYOUT_METHOD_PROVIDER,
  payoutLedgerKey,
  payoutProviderKey,
  type PayoutMethodKind,
} from "../../../domain/payouts.ts";
import { inTransaction, refusal } from "../../refusal.ts";
import type { Services } from "../../services.ts";
import { postTransaction } from "../ledger/post-transaction.ts";
import { lockPayable } from "./payable.ts";

export type TakeRefusal =
  | "not_found"
  | "payout_no_provider"
  | "payout_method_missing"
  | "payout_method_not_ready"
  | "payout_tax_status_required"
  | "payout_below_minimum";

/** A payout as "take it now" answers it. */
export type TakenPayout = { id: string; currency: ProviderCurrency; amount: string; status: "pending" };

/** What taking needs of the instance: the providers (is there one for the currency?) and the outbox. */
export type TakeDeps = Pick<Services, "queue" | "payments">;

type MethodRow = { id: string; kind: PayoutMethodKind; ready: boolean };

/**
 * "Take it now" (and the daily automatic payout): everything the worker may take in `currency`, in one
 * transaction. The person's row, then their ledger party FOR UPDATE, so racing calls (tabs, scripts, the
 * daily run) take turns and the second finds nothing left; the amount is payableNow's (payable.ts), never
 * the caller's. Writes the payout with its provider key, posts payoutRequested and queues the send; the
 * provider is called after commit by the "payout-send" job. Roubles need the self-employed status, whose
 * receipt the provider registers. `methodId`: a saved method of the caller, else their default one.
 */
export async function takePayout(
  db: Database,
  deps: TakeDeps,
  params: { userId: string; currency: ProviderCurrency; methodId?: string | undefined; automatic?: boolean },
) {
  const { userId, currency } = params;
  const provider = PROVIDER_BY_CURRENCY[currency];
  if (!deps.payments?.providerFor(currency)?.payouts) return refusal("payout_no_provider");
  return inTransaction<TakenPayout, TakeRefusal>(db, async (tx, refuse) => {
    if (!(await lockPeopleFirst(tx, [userId]))) return refuse("not_found");
    // Key share on the method: removing it waits until this payout is written, and then sees it.
    const methods = await queryRows<MethodRow>(
      tx,
      sql`select id, kind::text as kind, ready from payout_methods
          where user_id = ${userId}
            and ${params.methodId === undefined ? sql`is_default` : sql`id = ${params.methodId}::uuid`}
          for key share`,
    );
    const method = methods.find((m) => PAYOUT_METHOD_PROVIDER[m.kind] === provider);
    if (!method) return refuse(params.methodId === undefined ? "payout_method_missing" : "not_found");
    if (!method.ready) return refuse("payout_method_not_ready");
    let withReceipt = false;
    if (currency === "RUB") {
      const [profile] = await queryRows<{ tax_status: string | null }>(
        tx,
        sql`select tax_status::text as tax_status from payout_profiles where user_id = ${userId}`,
      );
      if (profile?.tax_status !== "self_employed") return refuse("payout_tax_status_required");
      withReceipt = true;
    }

    const locked = await lockPayable(tx, userId, currency);
    if (!locked || !meetsPayoutMinimum(currency, locked.payable)) return refuse("payout_below_minimum");
    const id = randomUUID();
    await tx.execute(
      sql`insert into payouts (id, party_id, currency, amount_minor, method_id, method_kind, provider, idempotency_key,
                               with_receipt, automatic)
          values (${id}::uuid, ${locked.partyId}::uuid, ${currency}::job_currency, ${locked.payable.toString()}::bigint,
                  ${method.id}::uuid, ${method.kind}::payout_method_kind, ${provider}, ${payoutProviderKey(id)},
                  ${withReceipt}, ${params.automatic ?? false})`,
    );
    const posted = await postTransaction(tx, {
      ...payoutRequested({ kind: "party", partyId: locked.partyId }, locked.payable),
      idempotencyKey: payoutLedgerKey(id, "requested"),
      currency,
      causeRef: id,
      jobId: null,
    });
    if (!posted.ok) return refuse("not_found");
    await deps.queue.send(tx, "payout-send", { payoutId: id });
    return { id, currency, amount: fromMinorUnits(locked.payable, currency), status: "pending" };
  });
}
