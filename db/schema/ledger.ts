import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  foreignKey,
  index,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

import { LEDGER_ACCOUNTS, LEDGER_CAUSES, LEDGER_LIMITS, PARTY_KINDS } from "../../domain/ledger.ts";
import { user } from "./auth.ts";
import { jobCurrencyEnum } from "./enums.ts";

// The money ledger (docs/decisions/076). Postings and transactions are append-only: triggers of migration
// 0039 refuse UPDATE, DELETE and TRUNCATE, and check at commit that each transaction balances per book
// and holds exactly its line_count postings.

export const ledgerPartyKindEnum = pgEnum("ledger_party_kind", PARTY_KINDS);
export const ledgerAccountEnum = pgEnum("ledger_account", LEDGER_ACCOUNTS);
export const ledgerCauseEnum = pgEnum("ledger_cause", LEDGER_CAUSES);

const limit = (n: number) => sql.raw(String(n));

/**
 * Whom postings are about, so that postings never change when an account is deleted: the deletion only
 * clears user_id (the label, which never named anyone, stays). One party per person; the platform and
 * each provider have one each, found by kind and label. Rows are never deleted.
 */
export const ledgerParties = pgTable(
  "ledger_parties",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: ledgerPartyKindEnum("kind").notNull(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    label: text("label").notNull(),
    /** When the person's account was deleted and the party lost its user_id. */
    anonymisedAt: timestamp("anonymised_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("ledger_parties_label_len", sql`char_length(${t.label}) between 1 and ${limit(LEDGER_LIMITS.partyLabel)}`),
    check(
      "ledger_parties_person",
      sql`(${t.kind} in ('employer', 'worker')) = (${t.userId} is not null or ${t.anonymisedAt} is not null)`,
    ),
    uniqueIndex("ledger_parties_user_idx").on(t.userId),
    uniqueIndex("ledger_parties_system_idx")
      .on(t.kind, t.label)
      .where(sql`${t.kind} in ('platform', 'provider')`),
  ],
);
export type LedgerParty = typeof ledgerParties.$inferSelect;

/**
 * One business event's postings, posted once per idempotency key. job_id has no foreign key on purpose:
 * a job goes with its owner's account, its money records stay (402-FZ art. 29). created_by is the party
 * of the person who acted (an operator's correction, an employer marking a day paid), so it outlives them.
 */
export const ledgerTransactions = pgTable(
  "ledger_transactions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    idempotencyKey: text("idempotency_key").notNull(),
    cause: ledgerCauseEnum("cause").notNull(),
    causeRef: text("cause_ref"),
    jobId: uuid("job_id"),
    currency: jobCurrencyEnum("currency").notNull(),
    memo: text("memo"),
    createdBy: uuid("created_by").references(() => ledgerParties.id),
    /** How many postings the transaction has: checked at commit, so no posting can be added to it later. */
    lineCount: smallint("line_count").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("ledger_transactions_idempotency_key").on(t.idempotencyKey),
    // What the postings' foreign key points at: a posting has its transaction's currency and time.
    unique("ledger_transactions_id_currency_at").on(t.id, t.currency, t.createdAt),
    check(
      "ledger_transactions_idempotency_key_len",
      sql`char_length(${t.idempotencyKey}) between 1 and ${limit(LEDGER_LIMITS.idempotencyKey)}`,
    ),
    check("ledger_transactions_cause_ref_len", sql`char_length(${t.causeRef}) between 1 and ${limit(LEDGER_LIMITS.causeRef)}`),
    check("ledger_transactions_memo_len", sql`char_length(${t.memo}) <= ${limit(LEDGER_LIMITS.memo)}`),
    check(
      "ledger_transactions_line_count",
      sql`${t.lineCount} between ${limit(LEDGER_LIMITS.linesMin)} and ${limit(LEDGER_LIMITS.linesMax)}`,
    ),
    check(
      "ledger_transactions_correction_reasoned",
      sql`${t.cause} <> 'operator_correction' or (btrim(${t.memo}) <> '' and ${t.createdBy} is not null)`,
    ),
    // A job's money summary and an employer's spend by job.
    index("ledger_transactions_job_idx")
      .on(t.jobId)
      .where(sql`${t.jobId} is not null`),
    // Monthly statements over the whole ledger: rows arrive in time order, so a block-range index serves.
    index("ledger_transactions_created_brin_idx").using("brin", t.createdAt),
  ],
);
export type LedgerTransaction = typeof ledgerTransactions.$inferSelect;

/** One line of a transaction: an account of a party, in minor units, debit positive and credit negative. */
export const ledgerPostings = pgTable(
  "ledger_postings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    transactionId: uuid("transaction_id").notNull(),
    account: ledgerAccountEnum("account").notNull(),
    partyId: uuid("party_id")
      .notNull()
      .references(() => ledgerParties.id),
    amountMinor: bigint("amount_minor", { mode: "bigint" }).notNull(),
    currency: jobCurrencyEnum("currency").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    foreignKey({
      name: "ledger_postings_transaction_fk",
      columns: [t.transactionId, t.currency, t.createdAt],
      foreignColumns: [ledgerTransactions.id, ledgerTransactions.currency, ledgerTransactions.createdAt],
    }),
    check("ledger_postings_amount", sql`${t.amountMinor} <> 0`),
    // The commit-time check of a transaction and its detail.
    index("ledger_postings_transaction_idx").on(t.transactionId),
    // Balances: a party's accounts in a currency.
    index("ledger_postings_party_account_idx").on(t.partyId, t.account, t.currency),
    // Statements and earnings by month: a party's postings newest first, keyset-paginated on (created_at, id).
    index("ledger_postings_party_created_idx").on(t.partyId, t.createdAt.desc(), t.id.desc()),
    index("ledger_postings_created_brin_idx").using("brin", t.createdAt),
  ],
);
export type LedgerPosting = typeof ledgerPostings.$inferSelect;
