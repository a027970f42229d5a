import { sql } from "drizzle-orm";

import { queryRows, type Database } from "../../../db/database.ts";
import type { ProviderCurrency } from "../../../domain/pay-mode.ts";
import { PAYOUT_CURRENCIES, PAYOUT_LIMITS, PAYOUT_MINIMUM_MINOR } from "../../../domain/payouts.ts";
import { isRefusal } from "../../refusal.ts";
import type { Services } from "../../services.ts";
import { payableSql } from "./payable.ts";
import { takePayout } from "./take-payout.ts";

/**
 * The daily automatic payout (on a schedule): each worker who turned it on and has at least the minimum
 * available in a currency is paid out as "take it now" would, to their default method. Candidates come
 * from the opted-in workers' parties only (index payout_profiles_auto_idx), so the run grows with them,
 * not with all users; takePayout reads the amount again under its lock. A worker without a method or
 * the tax status is skipped (the screen tells them). Answers how many payouts were asked.
 */
export async function runAutoPayouts(db: Database, deps: Pick<Services, "queue" | "payments" | "log">): Promise<number> {
  const currencies = PAYOUT_CURRENCIES.filter((c) => deps.payments?.providerFor(c)?.payouts);
  if (currencies.length === 0) return 0;
  const minimums = sql.join(
    currencies.map((c) => sql`(${c}::job_currency, ${PAYOUT_MINIMUM_MINOR[c].toString()}::bigint)`),
    sql`, `,
  );
  const due = await queryRows<{ user_id: string; currency: ProviderCurrency }>(
    db,
    sql`select pp.user_id, c.currency::text as currency
        from payout_profiles pp
        join ledger_parties party on party.user_id = pp.user_id
        cross join (values ${minimums}) as c(currency, minimum)
        where pp.auto_payout
          and exists (select 1 from payout_methods pm where pm.user_id = pp.user_id and pm.is_default and pm.ready)
          and ${payableSql(sql`party.id`, sql`c.currency`)} >= c.minimum
        order by pp.user_id, c.currency
        limit ${PAYOUT_LIMITS.autoBatch}`,
  );
  let asked = 0;
  for (const { user_id: userId, currency } of due) {
    const taken = await takePayout(db, deps, { userId, currency, automatic: true });
    if (isRefusal(taken)) deps.log.info({ userId, currency, reason: taken.reason }, "automatic payout skipped");
    else asked += 1;
  }
  return asked;
}
