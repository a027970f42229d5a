import { sql } from "drizzle-orm";

import { queryRows, type Database } from "../../../db/database.ts";
import { reconciliationDifferences } from "../../../db/schema/index.ts";
import {
  holdDifferences,
  payoutDifferences,
  RECONCILE_SETTLED_DAYS,
  RECONCILIATION_VALUE_MAX,
  type Difference,
  type OurHold,
  type OurPayout,
} from "../../../domain/reconciliation.ts";
import type { Payments } from "../../payments/open-payments.ts";
import type { ProviderResult } from "../../payments/provider-result.ts";
import type { Services } from "../../services.ts";

/** What one run compared and found. */
export type ReconciliationRun = {
  compared: number;
  differences: number;
  /** Objects whose provider did not answer (timeout, outage): compared on the next run. */
  unreachable: number;
};

type HoldRow = {
  id: string;
  provider: "yookassa" | "stripe";
  provider_hold_id: string;
  status: OurHold["status"];
  amount_minor: string;
  captured_minor: string | null;
  captured_in_ledger: string;
};

type PayoutRow = {
  id: string;
  provider: "yookassa" | "stripe";
  provider_payout_id: string;
  status: OurPayout["status"];
  amount_minor: string;
  paid_in_ledger: string;
};

/**
 * The daily reconciliation (docs/decisions/082): every hold and payout a provider knows that is still open
 * or settled in the last RECONCILE_SETTLED_DAYS, asked of its provider and compared with our row and the
 * ledger (captured = the provider cash posted for the hold; paid = for the payout). Differences are
 * recorded once per object, field and day, and logged for the operators; nothing is changed.
 */
export async function reconcilePayments(
  db: Database,
  services: Pick<Services, "payments" | "now" | "log">,
): Promise<ReconciliationRun> {
  const payments = services.payments;
  const run: ReconciliationRun = { compared: 0, differences: 0, unreachable: 0 };
  if (!payments) return run;
  const now = services.now();
  const since = new Date(now.getTime() - RECONCILE_SETTLED_DAYS * 86_400_000);
  const foundOn = now.toISOString().slice(0, 10);

  const holds = await queryRows<HoldRow>(
    db,
    sql`select h.id, h.provider::text as provider, h.provider_hold_id, h.status::text as status,
               h.amount_minor::text as amount_minor, h.captured_minor::text as captured_minor,
               coalesce((select sum(p.amount_minor) from ledger_transactions t
                         join ledger_postings p on p.transaction_id = t.id and p.account = 'provider_cash'
                         where t.cause = 'captured' and t.cause_ref = h.id::text), 0)::text as captured_in_ledger
        from payment_holds h
        where h.provider_hold_id is not null
          and (h.status in ('pending_confirmation', 'authorised') or h.updated_at >= ${since.toISOString()}::timestamptz)`,
  );
  for (const hold of holds) {
    const verifier = providerOf(payments, hold.provider)?.payments;
    const found = await compare(run, verifier ? await verifier.get(hold.provider_hold_id) : null, (theirs) =>
      holdDifferences(
        {
          status: hold.status,
          amountMinor: BigInt(hold.amount_minor),
          capturedOnRow: hold.captured_minor === null ? null : BigInt(hold.captured_minor),
          capturedInLedger: BigInt(hold.captured_in_ledger),
        },
        theirs,
      ),
    );
    await record(db, found, {
      foundOn,
      provider: hold.provider,
      subjectType: "hold",
      subjectId: hold.id,
      providerObjectId: hold.provider_hold_id,
    });
  }

  const payouts = await queryRows<PayoutRow>(
    db,
    sql`select po.id, po.provider, po.provider_payout_id, po.status::text as status, po.amount_minor::text as amount_minor,
               coalesce((select -sum(p.amount_minor) from ledger_transactions t
                         join ledger_postings p on p.transaction_id = t.id and p.account = 'provider_cash'
                         where t.cause = 'payout_paid' and t.cause_ref = po.id::text), 0)::text as paid_in_ledger
        from payouts po
        where po.provider_payout_id is not null
          and (po.status = 'pending' or po.settled_at >= ${since.toISOString()}::timestamptz)`,
  );
  for (const payout of payouts) {
    const provider = providerOf(payments, payout.provider)?.payouts ?? null;
    const found = await compare(run, provider ? await provider.get(payout.provider_payout_id) : null, (theirs) =>
      payoutDifferences(
        { status: payout.status, amountMinor: BigInt(payout.amount_minor), paidInLedger: BigInt(payout.paid_in_ledger) },
        theirs,
      ),
    );
    await record(db, found, {
      foundOn,
      provider: payout.provider,
      subjectType: "payout",
      subjectId: payout.id,
      providerObjectId: payout.provider_payout_id,
    });
  }

  const fields = { ...run, foundOn };
  if (run.differences > 0 || run.unreachable > 0) services.log.warn(fields, "payment reconciliation found differences");
  else services.log.info(fields, "payment reconciliation: providers and ledger agree");
  return run;
}

function providerOf(payments: Payments, name: "yookassa" | "stripe") {
  return name === "yookassa" ? payments.yookassa : payments.stripe;
}

/** Counts one comparison; a provider that knows nothing of our object is a difference, one that did not answer is not. */
async function compare<T>(
  run: ReconciliationRun,
  answer: ProviderResult<T> | null,
  differ: (theirs: T) => Difference[],
): Promise<Difference[]> {
  if (answer === null || (!answer.ok && (answer.reason === "timeout" || answer.reason === "unavailable"))) {
    run.unreachable += 1;
    return [];
  }
  run.compared += 1;
  const found = answer.ok ? differ(answer.value) : [{ field: "missing" as const, ours: "present", theirs: answer.reason }];
  run.differences += found.length;
  return found;
}

async function record(
  db: Database,
  found: Difference[],
  subject: {
    foundOn: string;
    provider: "yookassa" | "stripe";
    subjectType: "hold" | "payout";
    subjectId: string;
    providerObjectId: string;
  },
) {
  if (found.length === 0) return;
  await db
    .insert(reconciliationDifferences)
    .values(
      found.map((d) => ({
        ...subject,
        field: d.field,
        ours: d.ours.slice(0, RECONCILIATION_VALUE_MAX),
        theirs: d.theirs.slice(0, RECONCILIATION_VALUE_MAX),
      })),
    )
    .onConflictDoNothing();
}
