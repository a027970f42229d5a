import { and, desc, eq, gt, isNull, or, sql } from "drizzle-orm";

import type { Database, Queryable } from "../../db/database.ts";
import { session } from "../../db/schema/auth.ts";
import { accountSanctions, profiles } from "../../db/schema/index.ts";
import type { ModerationGround, SanctionKind } from "../../domain/moderation/grounds.ts";
import type { OperatorRole } from "../../domain/operators.ts";
import { recordOperatorAction } from "../operators/audit.ts";
import { findOperatorRole } from "../operators/roles.ts";
import { inTransaction, refusal, type Refusal } from "../refusal.ts";

/** A restriction or ban in force: what it stops and until when (null: for good). */
export type ActiveSanction = { id: string; kind: SanctionKind; endsAt: Date | null };

/** The account's sanction in force now, a ban before a restriction; null for nearly everyone (one index probe). */
export async function activeSanction(db: Queryable, userId: string, now: Date): Promise<ActiveSanction | null> {
  const [row] = await db
    .select({ id: accountSanctions.id, kind: accountSanctions.kind, endsAt: accountSanctions.endsAt })
    .from(accountSanctions)
    .where(
      and(
        eq(accountSanctions.userId, userId),
        isNull(accountSanctions.liftedAt),
        or(isNull(accountSanctions.endsAt), gt(accountSanctions.endsAt, now)),
      ),
    )
    .orderBy(sql`${accountSanctions.kind} = 'banned' desc`, desc(accountSanctions.endsAt))
    .limit(1);
  return row ?? null;
}

export type SanctionInput = {
  operator: { id: string; role: OperatorRole };
  userId: string;
  kind: SanctionKind;
  /** Days from now; null only for a ban for good. */
  days: number | null;
  ground: ModerationGround;
  note: string;
  now: Date;
};

type SanctionRefusal = Refusal<"not_found" | "operator_self" | "operator_protected">;

/**
 * Restricts (no posting, applying or messaging) or bans an account, with its audit row, in one
 * transaction (docs/decisions/073). A ban also ends every session of the account, so its open sockets
 * close within the session sweep (server/session/live-sessions.ts) and sign-in is refused until it ends.
 * Nobody sanctions themselves, and only an admin sanctions an operator.
 */
export async function sanctionAccount(db: Database, input: SanctionInput): Promise<{ id: string } | SanctionRefusal> {
  return inTransaction(db, (tx) => imposeSanctionIn(tx, input));
}

/** The same in the caller's transaction (an operator's decision, server/moderation/decide.ts); a refusal writes nothing. */
export async function imposeSanctionIn(tx: Queryable, input: SanctionInput): Promise<{ id: string } | SanctionRefusal> {
  if (input.userId === input.operator.id) return refusal("operator_self");
  const [target] = await tx
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.id, input.userId), isNull(profiles.deletedAt)));
  if (!target) return refusal("not_found");
  if ((await findOperatorRole(tx, input.userId)) && input.operator.role !== "admin") return refusal("operator_protected");
  const endsAt = input.days === null ? null : new Date(input.now.getTime() + input.days * 86_400_000);
  const [created] = await tx
    .insert(accountSanctions)
    .values({
      userId: input.userId,
      kind: input.kind,
      ground: input.ground,
      startsAt: input.now,
      endsAt,
      decidedBy: input.operator.id,
    })
    .returning({ id: accountSanctions.id });
  if (!created) throw new Error("sanction was not inserted");
  if (input.kind === "banned") await tx.delete(session).where(eq(session.userId, input.userId));
  await recordOperatorAction(tx, {
    operatorId: input.operator.id,
    action: input.kind === "banned" ? "ban" : "restrict",
    subjectType: "account",
    subjectId: input.userId,
    reason: input.ground,
    note: input.note,
  });
  return { id: created.id };
}

type LiftInput = { operator: { id: string; role: OperatorRole }; sanctionId: string; note: string; now: Date };

/** Lifts a sanction in force before its end (a reversal on appeal, a mistake), with its audit row. */
export async function liftSanction(
  db: Database,
  input: LiftInput,
): Promise<{ lifted: true } | Refusal<"not_found" | "operator_self">> {
  return inTransaction(db, (tx) => liftSanctionIn(tx, input));
}

/** The same in the caller's transaction; a refusal writes nothing (run it inside `inTransaction`). */
export async function liftSanctionIn(
  tx: Queryable,
  input: LiftInput,
): Promise<{ lifted: true } | Refusal<"not_found" | "operator_self">> {
  const [held] = await tx
    .select({ userId: accountSanctions.userId })
    .from(accountSanctions)
    .where(and(eq(accountSanctions.id, input.sanctionId), isNull(accountSanctions.liftedAt)))
    .for("update");
  if (!held) return refusal("not_found");
  if (held.userId === input.operator.id) return refusal("operator_self");
  await tx
    .update(accountSanctions)
    .set({ liftedAt: input.now, liftedBy: input.operator.id })
    .where(eq(accountSanctions.id, input.sanctionId));
  await recordOperatorAction(tx, {
    operatorId: input.operator.id,
    action: "lift_sanction",
    subjectType: "account",
    subjectId: held.userId,
    note: input.note,
  });
  return { lifted: true };
}
