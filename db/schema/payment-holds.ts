import { sql } from "drizzle-orm";
import { bigint, check, index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

import { HOLD_FAILURE_REASONS, HOLD_STATUSES, PROVIDER_EVENT_ID_MAX } from "../../domain/planned-cost.ts";
import { jobCurrencyEnum } from "./enums.ts";
import { jobs } from "./jobs.ts";

// Employers' pay held before the shift (docs/decisions/079): one row per hold asked of a provider, and
// the provider events already applied, so a webhook delivered twice moves nothing twice.

export const paymentHoldStatusEnum = pgEnum("payment_hold_status", HOLD_STATUSES);
export const paymentProviderEnum = pgEnum("payment_provider", ["yookassa", "stripe"]);

/**
 * A hold on the employer's card for part of a job's planned cost. `idempotency_key` is ours, made with the
 * row and reused by every retry of the authorise call; `provider_hold_id` is the provider's once it answered.
 * Rows are operational state: the money they move is recorded in the ledger, keyed by the row's id.
 */
export const paymentHolds = pgTable(
  "payment_holds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    jobId: uuid("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    /** Null until the background job finds the currency's provider (none: the hold fails, `no_provider`). */
    provider: paymentProviderEnum("provider"),
    currency: jobCurrencyEnum("currency").notNull(),
    amountMinor: bigint("amount_minor", { mode: "bigint" }).notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    providerHoldId: text("provider_hold_id"),
    status: paymentHoldStatusEnum("status").notNull().default("requested"),
    confirmationUrl: text("confirmation_url"),
    failureReason: text("failure_reason", { enum: HOLD_FAILURE_REASONS }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    capturedMinor: bigint("captured_minor", { mode: "bigint" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("payment_holds_amount", sql`${t.amountMinor} > 0`),
    check("payment_holds_captured", sql`${t.capturedMinor} is null or ${t.capturedMinor} between 0 and ${t.amountMinor}`),
    check("payment_holds_failure", sql`(${t.status} = 'failed') = (${t.failureReason} is not null)`),
    uniqueIndex("payment_holds_key_uq").on(t.idempotencyKey),
    uniqueIndex("payment_holds_provider_id_uq").on(t.provider, t.providerHoldId),
    // A job's holds oldest first (coverage, the page's state, capture order).
    index("payment_holds_job_idx").on(t.jobId, t.createdAt),
  ],
);
export type PaymentHold = typeof paymentHolds.$inferSelect;

/** Each provider event applied once: a second delivery finds its (provider, event_id) taken. */
export const providerEvents = pgTable(
  "provider_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    provider: paymentProviderEnum("provider").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("provider_events_id_len", sql`char_length(${t.eventId}) between 1 and ${sql.raw(String(PROVIDER_EVENT_ID_MAX))}`),
    uniqueIndex("provider_events_uq").on(t.provider, t.eventId),
  ],
);
