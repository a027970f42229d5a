import { sql } from "drizzle-orm";

import { queryRows, type Database } from "../../../db/database.ts";
import { isProviderCurrency } from "../../../domain/pay-mode.ts";
import { PAYOUT_DESCRIPTION, PAYOUT_LIMITS, PAYOUT_RECEIPT_SERVICE, type PayoutMethodKind } from "../../../domain/payouts.ts";
import type { PayoutDestination } from "../../payments/payout-provider.ts";
import type { ProviderFailureReason } from "../../payments/provider-result.ts";
import type { Services } from "../../services.ts";
import { outcomeOf, settlePayout, type PayoutOutcome } from "./payout-events.ts";

/** What sending needs of the instance. */
export type SendDeps = Pick<Services, "queue" | "payments" | "log">;

/** A provider's answer whose outcome is unknown: the job throws so that pg-boss retries with the same key. */
export class PayoutOutcomeUnknown extends Error {
  constructor(payoutId: string, detail: string) {
    super(`payout ${payoutId}: outcome unknown, retried with the same key (${detail})`);
    this.name = "PayoutOutcomeUnknown";
  }
}

type Sendable = {
  id: string;
  currency: string;
  amount_minor: string;
  status: string;
  idempotency_key: string;
  with_receipt: boolean;
  provider_payout_id: string | null;
  kind: PayoutMethodKind | null;
  destination: string | null;
  bank_id: string | null;
  self_employed_id: string | null;
};

function destinationOf(row: Sendable): PayoutDestination | null {
  if (row.destination === null) return null;
  if (row.kind === "card_token") return { type: "card_token", token: row.destination };
  if (row.kind === "sbp" && row.bank_id !== null) return { type: "sbp", phone: row.destination, bankId: row.bank_id };
  if (row.kind === "connected_account") return { type: "connected_account", accountId: row.destination };
  return null;
}

/** A refusal that is final (no retry can change it), as the worker is told. */
function finalFailure(reason: ProviderFailureReason): PayoutOutcome | null {
  switch (reason) {
    case "declined":
    case "insufficient_funds":
    case "invalid_payout_method":
      return { status: "failed", reason };
    case "rejected":
    case "not_found":
    case "wrong_state":
      return { status: "failed", reason: "rejected" };
    case "timeout":
    case "unavailable":
      return null;
  }
}

/**
 * Sends one pending payout to its provider with the key made with it (background job "payout-send",
 * and the status sweep for one never answered): the provider pays once per key however often this runs.
 * An answer settles it when final; a timeout or an outage throws PayoutOutcomeUnknown, so it is tried
 * again with the same key. Answers the payout's state after the call.
 */
export async function sendPayout(db: Database, deps: SendDeps, payoutId: string): Promise<"pending" | "settled" | "skipped"> {
  const [row] = await queryRows<Sendable>(
    db,
    sql`select po.id, po.currency::text as currency, po.amount_minor::text as amount_minor, po.status::text as status,
               po.idempotency_key, po.with_receipt, po.provider_payout_id,
               pm.kind::text as kind, pm.destination, pm.bank_id, pp.self_employed_id
        from payouts po
        join ledger_parties party on party.id = po.party_id
        left join payout_methods pm on pm.id = po.method_id
        left join payout_profiles pp on pp.user_id = party.user_id
        where po.id = ${payoutId}::uuid`,
  );
  if (!row || row.status !== "pending") return "skipped";
  const fail = async (outcome: PayoutOutcome) => {
    await db.transaction((tx) => settlePayout(tx, deps, row.id, outcome, null));
    return "settled" as const;
  };
  const currency = row.currency;
  const payouts = isProviderCurrency(currency) ? deps.payments?.providerFor(currency)?.payouts : null;
  // Already at the provider: ask how it stands rather than send again (its method may be gone since);
  // with the provider configured away it stays pending, since it may still be paid.
  if (row.provider_payout_id !== null) {
    const asked = payouts ? await askProvider(db, deps, row.id, currency, row.provider_payout_id) : false;
    return asked ? "settled" : "pending";
  }
  // The provider was configured away before the payout reached it: the money goes back to the worker.
  if (!payouts || !isProviderCurrency(currency)) return fail({ status: "failed", reason: "rejected" });
  const destination = destinationOf(row);
  if (!destination) return fail({ status: "failed", reason: "invalid_payout_method" });
  if (row.with_receipt && row.self_employed_id === null) return fail({ status: "failed", reason: "rejected" });

  const answer = await payouts.payout({
    amount: Number(row.amount_minor),
    currency,
    destination,
    idempotencyKey: row.idempotency_key,
    description: PAYOUT_DESCRIPTION,
    reference: row.id,
    receipt:
      row.with_receipt && row.self_employed_id !== null
        ? { selfEmployedId: row.self_employed_id, serviceName: PAYOUT_RECEIPT_SERVICE }
        : undefined,
  });
  if (!answer.ok) {
    const outcome = finalFailure(answer.reason);
    deps.log.warn({ payoutId: row.id, reason: answer.reason, detail: answer.detail }, "payout refused or not answered");
    if (!outcome) throw new PayoutOutcomeUnknown(row.id, answer.reason);
    return fail(outcome);
  }
  const payout = answer.value;
  const outcome = outcomeOf(payout);
  return db.transaction(async (tx) => {
    if (outcome) return (await settlePayout(tx, deps, row.id, outcome, payout.id)) ? "settled" : "skipped";
    const recorded = await queryRows<{ id: string }>(
      tx,
      sql`update payouts set provider_payout_id = ${payout.id}, sent_at = coalesce(sent_at, now())
          where id = ${row.id} and status = 'pending' and provider_payout_id is null
          returning id`,
    );
    // One look back shortly after sending (payouts settle in minutes), besides the notification and
    // the sweep; only the first send asks for it, so a stuck payout is not looked at in a loop.
    if (recorded.length > 0) {
      await deps.queue.send(tx, "payout-send", { payoutId: row.id }, { startAfter: PAYOUT_LIMITS.firstLookSeconds });
    }
    return "pending";
  });
}

/** Asks the provider how a sent payout stands and settles it if final; answers whether it settled now. */
async function askProvider(db: Database, deps: SendDeps, payoutId: string, currency: string, providerPayoutId: string) {
  const payouts = isProviderCurrency(currency) ? deps.payments?.providerFor(currency)?.payouts : null;
  const answer = payouts ? await payouts.get(providerPayoutId) : null;
  if (!answer?.ok) return false;
  const outcome = outcomeOf(answer.value);
  return outcome !== null && (await db.transaction((tx) => settlePayout(tx, deps, payoutId, outcome, providerPayoutId)));
}

/**
 * The status sweep (on a schedule): payouts pending longer than PAYOUT_LIMITS.pollAfterMinutes are asked
 * about, so a lost notification still settles; one never answered is sent again with its key. Oldest
 * first, a batch per run; one payout's trouble does not stop the others. Answers how many settled.
 */
export async function pollPendingPayouts(db: Database, deps: SendDeps, now: Date): Promise<number> {
  const before = new Date(now.getTime() - PAYOUT_LIMITS.pollAfterMinutes * 60_000);
  const pending = await queryRows<{ id: string; currency: string; provider_payout_id: string | null }>(
    db,
    sql`select id, currency::text as currency, provider_payout_id from payouts
        where status = 'pending' and created_at < ${before.toISOString()}::timestamptz
        order by created_at limit ${PAYOUT_LIMITS.pollBatch}`,
  );
  let settled = 0;
  for (const row of pending) {
    try {
      if (row.provider_payout_id === null) {
        if ((await sendPayout(db, deps, row.id)) === "settled") settled += 1;
        continue;
      }
      if (await askProvider(db, deps, row.id, row.currency, row.provider_payout_id)) settled += 1;
    } catch (error) {
      deps.log.warn({ payoutId: row.id, error: String(error) }, "payout status sweep: payout not settled this time");
    }
  }
  return settled;
}
