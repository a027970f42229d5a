import { and, asc, eq, ne, sql } from "drizzle-orm";

import type { Database, Queryable } from "../../db/database.ts";
import { operators, profiles, user } from "../../db/schema/index.ts";
import type { GrantRoleInput, OperatorRole } from "../../domain/operators.ts";
import { inTransaction, refusal, type Refusal } from "../refusal.ts";
import { recordOperatorAction } from "./audit.ts";

/** The caller's operator role, or null for everyone else: one primary-key lookup. */
export async function findOperatorRole(db: Queryable, userId: string): Promise<OperatorRole | null> {
  const [row] = await db.select({ role: operators.role }).from(operators).where(eq(operators.userId, userId));
  return row?.role ?? null;
}

export type OperatorView = { userId: string; name: string; email: string; role: OperatorRole; grantedAt: Date };

/** Everyone with a role, admins first (a team of a handful: no paging needed, and capped by the query). */
export async function listOperators(db: Queryable): Promise<OperatorView[]> {
  return db
    .select({
      userId: operators.userId,
      name: profiles.fullName,
      email: user.email,
      role: operators.role,
      grantedAt: operators.grantedAt,
    })
    .from(operators)
    .innerJoin(profiles, eq(profiles.id, operators.userId))
    .innerJoin(user, eq(user.id, operators.userId))
    .orderBy(asc(operators.role), asc(profiles.fullName))
    .limit(500);
}

/**
 * Gives the account with this e-mail address the role (or changes its role), written to the audit log
 * in the same transaction. `grantedBy` is null for the command line.
 */
export async function grantRole(
  db: Database,
  grantedBy: string | null,
  input: GrantRoleInput,
): Promise<{ userId: string; role: OperatorRole } | Refusal<"operator_no_account" | "operator_last_admin">> {
  return inTransaction(db, async (tx, refuse) => {
    const [account] = await tx
      .select({ id: user.id })
      .from(user)
      .innerJoin(profiles, eq(profiles.id, user.id))
      .where(and(sql`lower(${user.email}) = lower(${input.email})`, sql`${profiles.deletedAt} is null`));
    if (!account) return refusal("operator_no_account");
    // Serialises role changes, so two admins demoting each other at once cannot leave none.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('daywork:operator-roles'))`);
    if (input.role !== "admin" && (await isLastAdmin(tx, account.id))) refuse("operator_last_admin");
    await tx
      .insert(operators)
      .values({ userId: account.id, role: input.role, grantedBy })
      .onConflictDoUpdate({ target: operators.userId, set: { role: input.role, grantedBy, grantedAt: sql`now()` } });
    await recordOperatorAction(tx, {
      operatorId: grantedBy,
      action: `grant_${input.role}`,
      subjectType: "account",
      subjectId: account.id,
    });
    return { userId: account.id, role: input.role };
  });
}

/** Takes the account's role away; the last admin keeps theirs, so the console always has one. */
export async function revokeRole(
  db: Database,
  revokedBy: string,
  userId: string,
): Promise<{ revoked: boolean } | Refusal<"operator_last_admin">> {
  return inTransaction(db, async (tx, refuse) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('daywork:operator-roles'))`);
    if (await isLastAdmin(tx, userId)) refuse("operator_last_admin");
    const removed = await tx.delete(operators).where(eq(operators.userId, userId)).returning({ role: operators.role });
    if (removed.length === 0) return { revoked: false };
    await recordOperatorAction(tx, { operatorId: revokedBy, action: "revoke_role", subjectType: "account", subjectId: userId });
    return { revoked: true };
  });
}

async function isLastAdmin(db: Queryable, userId: string): Promise<boolean> {
  if ((await findOperatorRole(db, userId)) !== "admin") return false;
  const [other] = await db
    .select({ userId: operators.userId })
    .from(operators)
    .where(and(eq(operators.role, "admin"), ne(operators.userId, userId)))
    .limit(1);
  return other === undefined;
}
