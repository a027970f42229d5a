import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

import { OPERATOR_ROLES } from "../../domain/operators.ts";
import { profiles } from "./profiles.ts";

/** An account's operator role (docs/decisions/071); no row means none. Goes with the account. */
export const operators = pgTable(
  "operators",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => profiles.id, { onDelete: "cascade" }),
    role: text("role", { enum: OPERATOR_ROLES }).notNull(),
    /** Null for the first admin, made from the command line, and once the granting admin's account is gone. */
    grantedBy: text("granted_by").references(() => profiles.id, { onDelete: "set null" }),
    grantedAt: timestamp("granted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("operators_role_check", sql`${t.role} IN ('moderator', 'admin')`)],
);
export type Operator = typeof operators.$inferSelect;

/**
 * Every operator action and every operator read of private content, for good: the database refuses
 * UPDATE, DELETE and TRUNCATE of it (migration 0030). No foreign keys, so no account's deletion touches
 * it; ids of deleted accounts name nobody any more (docs/decisions/071).
 */
export const operatorAudit = pgTable(
  "operator_audit",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The operator's account id, or null for the command line. */
    operatorId: text("operator_id"),
    action: text("action").notNull(),
    subjectType: text("subject_type").notNull(),
    subjectId: text("subject_id").notNull(),
    reason: text("reason"),
    note: text("note"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("operator_audit_at_idx").on(t.at),
    index("operator_audit_subject_idx").on(t.subjectType, t.subjectId, t.at),
    index("operator_audit_operator_idx").on(t.operatorId, t.at),
  ],
);
export type OperatorAuditRow = typeof operatorAudit.$inferSelect;
