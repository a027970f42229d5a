import { sql } from "drizzle-orm";

import { queryRows, type Database, type Queryable } from "../../../db/database.ts";
import { TAX_CHECK_RATE, type TaxStatusKind } from "../../../domain/payouts.ts";
import { hitRateLimit } from "../../limits/rate-limit.ts";
import type { Payments } from "../../payments/open-payments.ts";
import { refusal } from "../../refusal.ts";

/** The worker's tax status for roubles as the screen shows it: the ИНН's last digits only. */
export type TaxStatusView = {
  status: TaxStatusKind;
  innEnding: string;
  checkedAt: Date;
  /** YooKassa's page where a self-employed worker grants it rights in «Мой налог», while it waits for them. */
  confirmationUrl: string | null;
} | null;

/** The caller's payout settings: the daily automatic payout and their tax status. */
export async function payoutSettings(db: Queryable, userId: string): Promise<{ autoPayout: boolean; tax: TaxStatusView }> {
  const [row] = await queryRows<{
    auto_payout: boolean;
    inn: string | null;
    tax_status: TaxStatusKind | null;
    tax_checked_at: string | Date | null;
  }>(
    db,
    sql`select auto_payout, inn, tax_status::text as tax_status, tax_checked_at from payout_profiles where user_id = ${userId}`,
  );
  const tax: TaxStatusView =
    row?.inn && row.tax_status && row.tax_checked_at
      ? { status: row.tax_status, innEnding: row.inn.slice(-4), checkedAt: new Date(row.tax_checked_at), confirmationUrl: null }
      : null;
  return { autoPayout: row?.auto_payout ?? false, tax };
}

/** Turns the daily automatic payout on or off. */
export async function setAutoPayout(db: Database, userId: string, enabled: boolean) {
  await db.execute(
    sql`insert into payout_profiles (user_id, auto_payout) values (${userId}, ${enabled})
        on conflict (user_id) do update set auto_payout = excluded.auto_payout, updated_at = now()`,
  );
  return { autoPayout: enabled };
}

/**
 * Checks `inn` (its check digits already validated by the schema) with the tax service as
 * self-employed today, then registers the payee with YooKassa, which registers each payout's tax receipt
 * under the id it answers (docs/decisions/081). The result is stored whatever it says: a person who is not
 * self-employed is told so, and RUB payouts wait for the status. The date is UTC's, never ahead of Moscow's
 * (the tax service refuses a date in its future).
 */
export async function checkTaxStatus(
  db: Database,
  payments: Payments | null,
  params: { userId: string; inn: string; now: Date },
) {
  const yookassa = payments?.yookassa?.payouts;
  if (!payments || !yookassa) return refusal("payout_no_provider");
  const rate = await hitRateLimit(db, params.userId, { action: "taxStatusCheck", ...TAX_CHECK_RATE });
  if (!rate.allowed) return refusal("too_many_requests", rate.retryAfterSeconds);
  const today = params.now.toISOString().slice(0, 10);
  const checked = await payments.taxStatus.check(params.inn, today);
  if (!checked.ok) return refusal(checked.reason === "rejected" ? "tax_status_refused" : "tax_status_unavailable");

  let status: TaxStatusKind = "not_self_employed";
  let selfEmployedId: string | null = null;
  let confirmationUrl: string | null = null;
  if (checked.value.selfEmployed) {
    const payee = await yookassa.registerSelfEmployed({
      inn: params.inn,
      idempotencyKey: `self-employed:${params.userId}:${params.inn}`,
    });
    if (!payee.ok) {
      return refusal(
        payee.reason === "timeout" || payee.reason === "unavailable" ? "payout_provider_unavailable" : "tax_status_refused",
      );
    }
    if (payee.value.status === "confirmed" || payee.value.status === "pending") {
      status = payee.value.status === "confirmed" ? "self_employed" : "awaiting_rights";
      selfEmployedId = payee.value.id;
      confirmationUrl = payee.value.confirmationUrl;
    }
  }
  const [row] = await queryRows<{ tax_checked_at: string | Date }>(
    db,
    sql`insert into payout_profiles (user_id, inn, tax_status, self_employed_id, tax_checked_at)
        values (${params.userId}, ${params.inn}, ${status}::tax_status, ${selfEmployedId}, now())
        on conflict (user_id) do update set inn = excluded.inn, tax_status = excluded.tax_status,
          self_employed_id = excluded.self_employed_id, tax_checked_at = excluded.tax_checked_at, updated_at = now()
        returning tax_checked_at`,
  );
  return {
    status,
    innEnding: params.inn.slice(-4),
    checkedAt: new Date(row?.tax_checked_at ?? params.now),
    confirmationUrl,
  } satisfies NonNullable<TaxStatusView>;
}
