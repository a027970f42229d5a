import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";

import type { Queryable, Tx } from "../../db/database.ts";
import { moderationDecisions, operatorAudit } from "../../db/schema/index.ts";

/** What an operator did or read, on what, and why (docs/decisions/071). */
export type AuditEntry = {
  /** The operator's account, or null for the command line. */
  operatorId: string | null;
  action: string;
  subjectType: string;
  subjectId: string;
  reason?: string | null;
  note?: string | null;
};

/**
 * Writes one row of the append-only audit log. Call it inside the action's own transaction, so an
 * action and its record stand or fall together.
 */
export async function recordOperatorAction(db: Queryable, entry: AuditEntry): Promise<void> {
  await db.insert(operatorAudit).values({
    operatorId: entry.operatorId,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId,
    reason: entry.reason ?? null,
    note: entry.note ?? null,
  });
}

/**
 * At an account's deletion: the person's id in the audit log, as operator or as subject, and as the
 * subject of a decision about their profile, becomes one pseudonym, so the records keep what was decided
 * and why without naming them (docs/decisions/071, 074). The only change the log's trigger lets through;
 * the decisions' and appeals' links to the account go by their foreign keys (set null).
 */
export async function pseudonymiseModerationRecords(tx: Tx, userId: string): Promise<void> {
  const pseudonym = `deleted:${randomUUID()}`;
  await tx
    .update(moderationDecisions)
    .set({ subjectId: pseudonym })
    .where(and(eq(moderationDecisions.subjectType, "profile"), eq(moderationDecisions.subjectId, userId)));
  await tx.update(operatorAudit).set({ operatorId: pseudonym }).where(eq(operatorAudit.operatorId, userId));
  await tx
    .update(operatorAudit)
    .set({ subjectId: pseudonym })
    .where(and(inArray(operatorAudit.subjectType, PERSON_SUBJECTS), eq(operatorAudit.subjectId, userId)));
}

/** Subject types whose id is a person's account id. */
const PERSON_SUBJECTS = ["account", "profile"];
