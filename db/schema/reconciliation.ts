import { sql } from "drizzle-orm";
import { check, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

import { RECONCILIATION_FIELDS, RECONCILIATION_VALUE_MAX } from "../../domain/reconciliation.ts";

/**
 * What the daily reconciliation found (docs/decisions/082): one row per object, field and day on which a
 * provider's record and ours (row or ledger) disagreed. A run that finds the same again writes nothing
 * more that day; operators read the newest first.
 */
const max = sql.raw(String(RECONCILIATION_VALUE_MAX));

export const reconciliationDifferences = pgTable(
  "reconciliation_differences",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    foundOn: date("found_on").notNull(),
    provider: text("provider").notNull(),
    subjectType: text("subject_type", { enum: ["hold", "payout"] }).notNull(),
    subjectId: uuid("subject_id").notNull(),
    providerObjectId: text("provider_object_id").notNull(),
    field: text("field", { enum: RECONCILIATION_FIELDS }).notNull(),
    ours: text("ours").notNull(),
    theirs: text("theirs").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("reconciliation_provider", sql`${t.provider} in ('yookassa', 'stripe')`),
    check("reconciliation_subject_type", sql`${t.subjectType} in ('hold', 'payout')`),
    check("reconciliation_values_len", sql`char_length(${t.ours}) <= ${max} and char_length(${t.theirs}) <= ${max}`),
    uniqueIndex("reconciliation_differences_uq").on(t.foundOn, t.subjectType, t.subjectId, t.field),
    index("reconciliation_differences_created_idx").on(t.createdAt.desc()),
  ],
);
export type ReconciliationDifference = typeof reconciliationDifferences.$inferSelect;
