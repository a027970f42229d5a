import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

import { SANCTION_KINDS, type ModerationGround } from "../../domain/moderation/grounds.ts";
import { profiles } from "./profiles.ts";

/**
 * An operator's restriction or ban of an account (docs/decisions/073). Active while not lifted and
 * until `ends_at` (null: a ban for good). Goes with the account; the audit log keeps the decision.
 */
export const accountSanctions = pgTable(
  "account_sanctions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: SANCTION_KINDS }).notNull(),
    ground: text("ground").$type<ModerationGround>().notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    decidedBy: text("decided_by").references(() => profiles.id, { onDelete: "set null" }),
    liftedAt: timestamp("lifted_at", { withTimezone: true }),
    liftedBy: text("lifted_by").references(() => profiles.id, { onDelete: "set null" }),
  },
  (t) => [
    check("account_sanctions_kind_check", sql`${t.kind} IN ('restricted', 'banned')`),
    check("account_sanctions_restriction_ends", sql`${t.kind} = 'banned' OR ${t.endsAt} IS NOT NULL`),
    // An account's sanctions in force, found without a scan on every guarded call.
    index("account_sanctions_user_active_idx")
      .on(t.userId)
      .where(sql`${t.liftedAt} IS NULL`),
    index("account_sanctions_decided_by_idx").on(t.decidedBy),
    index("account_sanctions_lifted_by_idx").on(t.liftedBy),
  ],
);
export type AccountSanction = typeof accountSanctions.$inferSelect;
