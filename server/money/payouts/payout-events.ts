import { sql } from "drizzle-orm";

import { queryRows, type Tx } from "../../../db/database.ts";
import type { JobCurrency } from "../../../domain/currencies.ts";
import { payoutFailed, payoutPaid } from "../../../domain/ledger-flows.ts";
import { provider, type PartyRef } from "../../../domain/ledger.ts";
import { fromMinorUnits } from "../../../domain/minor-units.ts";
import { payoutLedgerKey, type PayoutFailureKind } from "../../../domain/payouts.ts";
import { payoutNotice } from "../../notifications/events.ts";
import type { Payout } from "../../payments/payout-provider.ts";
import type { ProviderEvent } from "../../payments/webhook-event.ts";
import type { Services } from "../../services.ts";
import { postTransaction } from "../ledger/post-transaction.ts";

/** How a payout ended, in our terms: paid (with the tax receipt, if one was registered) or failed and why. */
export type PayoutOutcome =
  | { status: "succeeded"; receipt: { id: string | null; url: string | null } | null }
  | { status: "failed"; reason: PayoutFailureKind };

/** What settling needs of the instance: the outbox for the worker's notice. */
export type SettleDeps = Pick<Services, "queue">;

type Locked = {
  id: string;
  party_id: string;
  user_id: string | null;
  currency: JobCurrency;
  amount_minor: string;
  provider: string;
  status: "pending" | "succeeded" | "failed";
  provider_payout_id: string | null;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The payout row `where` names, locked FOR UPDATE so two settlers (webhook, poll, send) take turns. */
async function lockPayout(tx: Tx, where: { payoutId: string } | { providerPayoutId: string }) {
  const condition =
    "payoutId" in where ? sql`po.id = ${where.payoutId}::uuid` : sql`po.provider_payout_id = ${where.providerPayoutId}`;
  const [row] = await queryRows<Locked>(
    tx,
    sql`select po.id, po.party_id, party.user_id, po.currency::text as currency, po.amount_minor::text as amount_minor,
               po.provider, po.status::text as status, po.provider_payout_id
        from payouts po join ledger_parties party on party.id = po.party_id
        where ${condition}
        for update of po`,
  );
  return row ?? null;
}

/**
 * Moves a pending payout to its outcome, once: the status changes only from pending (a second settler
 * finds it settled and does nothing), the ledger posts payoutPaid or payoutFailed under the payout's own
 * key, and the worker is told. The amount is the row's, never the provider's. Answers whether it moved.
 */
export async function settlePayout(
  tx: Tx,
  deps: SettleDeps,
  payoutId: string,
  outcome: PayoutOutcome,
  providerPayoutId: string | null,
): Promise<boolean> {
  const row = await lockPayout(tx, { payoutId });
  if (!row || row.status !== "pending") return false;
  const receipt = outcome.status === "succeeded" ? outcome.receipt : null;
  const [moved] = await queryRows<{ id: string }>(
    tx,
    sql`update payouts set status = ${outcome.status}::payout_status,
          failure_reason = ${outcome.status === "failed" ? outcome.reason : null}::payout_failure,
          receipt_id = ${receipt?.id ?? null}, receipt_url = ${receipt?.url ?? null},
          provider_payout_id = coalesce(provider_payout_id, ${providerPayoutId}),
          settled_at = now()
        where id = ${row.id} and status = 'pending'
        returning id`,
  );
  if (!moved) return false;

  const amountMinor = BigInt(row.amount_minor);
  const worker: PartyRef = { kind: "party", partyId: row.party_id };
  const step = outcome.status === "succeeded" ? "paid" : "failed";
  const posted = await postTransaction(tx, {
    ...(outcome.status === "succeeded"
      ? payoutPaid(worker, provider(row.provider), amountMinor)
      : payoutFailed(worker, amountMinor)),
    idempotencyKey: payoutLedgerKey(row.id, step),
    currency: row.currency,
    causeRef: row.id,
    jobId: null,
  });
  if (!posted.ok) throw new Error(`payout ${row.id}: the ledger refused its ${step} posting (${posted.reason})`);

  // A deleted worker's payout still settles in the books; there is nobody to tell.
  if (row.user_id) {
    const amount = fromMinorUnits(amountMinor, row.currency);
    await payoutNotice(tx, deps.queue, {
      to: row.user_id,
      dedupeKey: payoutLedgerKey(row.id, step),
      payload:
        outcome.status === "succeeded"
          ? { kind: "payout_paid", payoutId: row.id, amount, currency: row.currency, receiptUrl: receipt?.url ?? null }
          : { kind: "payout_failed", payoutId: row.id, amount, currency: row.currency, reason: outcome.reason },
    });
  }
  return true;
}

/** The outcome a provider's view of a payout states, or null while it is pending. */
export function outcomeOf(payout: Payout): PayoutOutcome | null {
  if (payout.status === "pending") return null;
  if (payout.status === "succeeded") return { status: "succeeded", receipt: payout.receipt };
  return { status: "failed", reason: payout.failure?.reason ?? "rejected" };
}

/**
 * A verified payout notification (server/payments/*-webhooks.ts builds it from the provider's object as
 * the API answers it now), applied in the dispatcher's transaction. Found by our reference (the
 * payout's id, sent as metadata) or the provider's id; a payout of another amount or currency than
 * ours moves nothing. Idempotent on its own: a replay, or an event after the poll settled it, finds
 * the payout settled. Answers whether it moved money.
 */
export async function applyPayoutEvent(
  tx: Tx,
  services: SettleDeps,
  event: Extract<ProviderEvent, { kind: "payout" }>,
): Promise<{ applied: boolean }> {
  const { payout } = event;
  const outcome = outcomeOf(payout);
  if (!outcome) return { applied: false };
  const byReference = payout.reference !== null && UUID.test(payout.reference);
  const row = await lockPayout(
    tx,
    byReference && payout.reference !== null ? { payoutId: payout.reference } : { providerPayoutId: payout.id },
  );
  if (!row || row.status !== "pending") return { applied: false };
  if (row.provider_payout_id !== null && row.provider_payout_id !== payout.id) return { applied: false };
  if (BigInt(row.amount_minor) !== BigInt(payout.amount) || row.currency !== payout.currency) return { applied: false };
  return { applied: await settlePayout(tx, services, row.id, outcome, payout.id) };
}
