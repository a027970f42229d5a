import { sql } from "drizzle-orm";

import { queryRows, type Queryable } from "../../../db/database.ts";
import { fromMinorUnits } from "../../../domain/minor-units.ts";
import type { ProviderCurrency } from "../../../domain/pay-mode.ts";
import {
  meetsPayoutMinimum,
  PAYOUT_CURRENCIES,
  PAYOUT_LIMITS,
  PAYOUT_MINIMUM_MINOR,
  type PayoutFailureKind,
  type PayoutMethodKind,
  type PayoutStatus,
} from "../../../domain/payouts.ts";
import type { Payments } from "../../payments/open-payments.ts";
import { payableSql } from "./payable.ts";
import { listMethods, type PayoutMethodView } from "./payout-methods.ts";
import { payoutSettings, type TaxStatusView } from "./payout-profile.ts";

/** Money a worker may take in one currency, and whether a payout can go now. */
export type AvailableMoney = {
  currency: ProviderCurrency;
  /** Decimal in the currency ("4800.00"). */
  available: string;
  minimum: string;
  /** A provider pays out in this currency here (configuration). */
  hasProvider: boolean;
  aboveMinimum: boolean;
};

export type PayoutsOverview = {
  money: AvailableMoney[];
  methods: PayoutMethodView[];
  autoPayout: boolean;
  tax: TaxStatusView;
  /** Which providers are configured: the screen offers only their methods. */
  providers: { yookassa: boolean; stripe: boolean };
};

/** The payouts screen's top: money available per currency (payable.ts's figure), methods, settings. */
export async function payoutsOverview(db: Queryable, payments: Payments | null, userId: string): Promise<PayoutsOverview> {
  const currencies = sql.join(
    PAYOUT_CURRENCIES.map((c) => sql`${c}`),
    sql`, `,
  );
  const [rows, methods, settings] = await Promise.all([
    queryRows<{ currency: ProviderCurrency; payable: string }>(
      db,
      sql`select c.currency::text as currency, ${payableSql(sql`party.id`, sql`c.currency`)}::text as payable
          from ledger_parties party cross join unnest(array[${currencies}]::job_currency[]) as c(currency)
          where party.user_id = ${userId}`,
    ),
    listMethods(db, userId),
    payoutSettings(db, userId),
  ]);
  const money = rows
    .map((row) => ({ currency: row.currency, minor: BigInt(row.payable) }))
    .filter((row) => row.minor > 0n)
    .map(({ currency, minor }) => ({
      currency,
      available: fromMinorUnits(minor, currency),
      minimum: fromMinorUnits(PAYOUT_MINIMUM_MINOR[currency], currency),
      hasProvider: Boolean(payments?.providerFor(currency)?.payouts),
      aboveMinimum: meetsPayoutMinimum(currency, minor),
    }));
  return {
    money,
    methods,
    autoPayout: settings.autoPayout,
    tax: settings.tax,
    providers: { yookassa: Boolean(payments?.yookassa?.payouts), stripe: Boolean(payments?.stripe?.payouts) },
  };
}

/** One payout in the worker's history. */
export type PayoutHistoryItem = {
  id: string;
  currency: ProviderCurrency;
  amount: string;
  status: PayoutStatus;
  failureReason: PayoutFailureKind | null;
  methodKind: PayoutMethodKind;
  /** The method's label while it is saved. */
  methodLabel: string | null;
  receiptUrl: string | null;
  automatic: boolean;
  createdAt: Date;
  settledAt: Date | null;
};

type HistoryRow = {
  id: string;
  currency: ProviderCurrency;
  amount_minor: string;
  status: PayoutStatus;
  failure_reason: PayoutFailureKind | null;
  method_kind: PayoutMethodKind;
  label: string | null;
  receipt_url: string | null;
  automatic: boolean;
  created_at: string | Date;
  settled_at: string | Date | null;
};

/** The caller's payouts, newest first, PAYOUT_LIMITS.history at most (index payouts_party_idx). */
export async function payoutHistory(db: Queryable, userId: string): Promise<PayoutHistoryItem[]> {
  const rows = await queryRows<HistoryRow>(
    db,
    sql`select po.id, po.currency::text as currency, po.amount_minor::text as amount_minor, po.status::text as status,
               po.failure_reason::text as failure_reason, po.method_kind::text as method_kind, pm.label, po.receipt_url,
               po.automatic, po.created_at, po.settled_at
        from ledger_parties party
        join payouts po on po.party_id = party.id
        left join payout_methods pm on pm.id = po.method_id
        where party.user_id = ${userId}
        order by po.created_at desc, po.id desc
        limit ${PAYOUT_LIMITS.history}`,
  );
  return rows.map((row) => ({
    id: row.id,
    currency: row.currency,
    amount: fromMinorUnits(BigInt(row.amount_minor), row.currency),
    status: row.status,
    failureReason: row.failure_reason,
    methodKind: row.method_kind,
    methodLabel: row.label,
    receiptUrl: row.receipt_url,
    automatic: row.automatic,
    createdAt: new Date(row.created_at),
    settledAt: row.settled_at === null ? null : new Date(row.settled_at),
  }));
}
