import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

import { PERSONAL_INN_LENGTH } from "../../domain/inn.ts";
import {
  PAYOUT_FAILURE_REASONS,
  PAYOUT_LIMITS,
  PAYOUT_METHOD_KINDS,
  PAYOUT_STATUSES,
  TAX_STATUSES,
} from "../../domain/payouts.ts";
import { user } from "./auth.ts";
import { jobCurrencyEnum } from "./enums.ts";
import { ledgerParties } from "./ledger.ts";

const limit = (n: number) => sql.raw(String(n));

// Payouts to workers (docs/decisions/081). Methods and the tax profile are the person's and go with
// their account; payouts are accounting records and stay, tied to the ledger party that outlives it.

export const payoutMethodKindEnum = pgEnum("payout_method_kind", PAYOUT_METHOD_KINDS);
export const payoutStatusEnum = pgEnum("payout_status", PAYOUT_STATUSES);
export const payoutFailureEnum = pgEnum("payout_failure", PAYOUT_FAILURE_REASONS);
export const taxStatusEnum = pgEnum("tax_status", TAX_STATUSES);

/**
 * Where a worker is paid. `destination` is what the provider pays to and nothing more: YooKassa's card
 * payout token, the SBP phone's digits, or the Stripe account id; `label` is what the screen shows
 * (a card's last four as the form said, a masked phone and the bank's name).
 */
export const payoutMethods = pgTable(
  "payout_methods",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: payoutMethodKindEnum("kind").notNull(),
    destination: text("destination").notNull(),
    /** The SBP bank's id in the fast payment system (YooKassa's list). */
    bankId: text("bank_id"),
    label: text("label").notNull(),
    /** A Connect account can take transfers only once onboarding is done; the others at once. */
    ready: boolean("ready").notNull().default(true),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("payout_methods_destination_len", sql`char_length(${t.destination}) between 1 and ${limit(PAYOUT_LIMITS.destination)}`),
    check("payout_methods_label_len", sql`char_length(${t.label}) between 1 and ${limit(PAYOUT_LIMITS.label)}`),
    check("payout_methods_sbp_bank", sql`(${t.kind} = 'sbp') = (${t.bankId} is not null)`),
    index("payout_methods_user_idx").on(t.userId, t.createdAt),
    // One default per provider: roubles go to one YooKassa method, the other currencies to one Stripe account.
    uniqueIndex("payout_methods_default_idx")
      .on(t.userId, sql`(${t.kind} = 'connected_account')`)
      .where(sql`${t.isDefault}`),
    uniqueIndex("payout_methods_destination_idx").on(t.userId, t.kind, t.destination),
  ],
);
export type PayoutMethod = typeof payoutMethods.$inferSelect;

/**
 * A worker's payout settings: the daily automatic payout, and for roubles the ИНН, its checked status and
 * YooKassa's id of the self-employed payee (receipts are registered under it).
 */
export const payoutProfiles = pgTable(
  "payout_profiles",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    autoPayout: boolean("auto_payout").notNull().default(false),
    inn: text("inn"),
    taxStatus: taxStatusEnum("tax_status"),
    selfEmployedId: text("self_employed_id"),
    taxCheckedAt: timestamp("tax_checked_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "payout_profiles_inn",
      sql`${t.inn} is null or (${t.inn} ~ '^[[:digit:]]+$' and char_length(${t.inn}) = ${limit(PERSONAL_INN_LENGTH)})`,
    ),
    check("payout_profiles_status", sql`(${t.inn} is null) = (${t.taxStatus} is null)`),
    check(
      "payout_profiles_self_employed",
      sql`${t.taxStatus} is distinct from 'self_employed' or ${t.selfEmployedId} is not null`,
    ),
    index("payout_profiles_auto_idx")
      .on(t.userId)
      .where(sql`${t.autoPayout}`),
  ],
);
export type PayoutProfile = typeof payoutProfiles.$inferSelect;

/**
 * One payout asked of a provider. Its `idempotency_key` is made with the row and sent on every try, so
 * the provider pays once however often we ask; the status moves from pending once, to succeeded or
 * failed. Tied to the worker's ledger party (not their account): after deletion it stays, anonymised,
 * for the accounting retention period (docs/decisions/076).
 */
export const payouts = pgTable(
  "payouts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    partyId: uuid("party_id")
      .notNull()
      .references(() => ledgerParties.id),
    currency: jobCurrencyEnum("currency").notNull(),
    amountMinor: bigint("amount_minor", { mode: "bigint" }).notNull(),
    methodId: uuid("method_id").references(() => payoutMethods.id, { onDelete: "set null" }),
    methodKind: payoutMethodKindEnum("method_kind").notNull(),
    provider: text("provider").notNull(),
    status: payoutStatusEnum("status").notNull().default("pending"),
    failureReason: payoutFailureEnum("failure_reason"),
    providerPayoutId: text("provider_payout_id"),
    idempotencyKey: text("idempotency_key").notNull(),
    /** Whether a self-employed receipt was asked for, and the one the provider registered. */
    withReceipt: boolean("with_receipt").notNull().default(false),
    receiptId: text("receipt_id"),
    receiptUrl: text("receipt_url"),
    /** Asked by the worker ("Take it now") or by the daily automatic payout. */
    automatic: boolean("automatic").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (t) => [
    check("payouts_amount_positive", sql`${t.amountMinor} > 0`),
    check("payouts_provider", sql`${t.provider} in ('yookassa', 'stripe')`),
    check("payouts_failure", sql`(${t.status} = 'failed') = (${t.failureReason} is not null)`),
    check("payouts_settled", sql`(${t.status} = 'pending') = (${t.settledAt} is null)`),
    uniqueIndex("payouts_idempotency_idx").on(t.idempotencyKey),
    // Providers' ids differ in shape (YooKassa "po-…", Stripe "tr_…"): a notification finds its payout by id alone.
    uniqueIndex("payouts_provider_id_idx").on(t.providerPayoutId),
    index("payouts_party_idx").on(t.partyId, t.createdAt),
    index("payouts_pending_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    index("payouts_method_idx").on(t.methodId),
  ],
);
export type PayoutRow = typeof payouts.$inferSelect;
