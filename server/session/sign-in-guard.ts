import { createHash, createHmac, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lte, or } from "drizzle-orm";

import type { Database } from "../../db/database.ts";
import { signInGuards } from "../../db/schema/index.ts";
import { SIGN_IN_GUARD } from "../../domain/limits.ts";

/** What the guard remembers of one address. */
export type GuardRow = {
  attempts: number;
  lastAttemptAt: Date;
  lockedUntil: Date | null;
  unlockTokenHash: string | null;
  unlockExpiresAt: Date | null;
};

/** An attempt let through (and what to remember), or refused until the wait is over. */
export type AttemptPlan =
  | { admitted: true; next: Pick<GuardRow, "attempts" | "lastAttemptAt" | "lockedUntil"> }
  | { admitted: false; retryAfterSeconds: number };

/** The wait that `attempts` attempts in a row earn should the last one fail: none within the free ones. */
export function waitAfter(attempts: number): number {
  if (attempts < SIGN_IN_GUARD.freeAttempts) return 0;
  const doublings = Math.min(attempts - SIGN_IN_GUARD.freeAttempts, 30);
  return Math.min(SIGN_IN_GUARD.firstWaitSeconds * 2 ** doublings, SIGN_IN_GUARD.maxWaitSeconds);
}

/**
 * Decides one sign-in attempt for an address. An attempt is counted before the password is checked (so
 * parallel guesses cannot slip past the count) and forgotten on success; a refused one is not counted,
 * so waiting out the lock is enough. A valid unlock link's token admits whatever the wait.
 */
export function planAttempt(row: GuardRow | null, now: Date, unlockTokenHash: string | null): AttemptPlan {
  const fresh = row !== null && row.lastAttemptAt.getTime() > now.getTime() - SIGN_IN_GUARD.forgetAfterSeconds * 1000;
  const unlocked =
    unlockTokenHash !== null &&
    row?.unlockTokenHash === unlockTokenHash &&
    row.unlockExpiresAt !== null &&
    row.unlockExpiresAt > now;
  if (fresh && row.lockedUntil && row.lockedUntil > now && !unlocked) {
    return { admitted: false, retryAfterSeconds: Math.max(1, Math.ceil((row.lockedUntil.getTime() - now.getTime()) / 1000)) };
  }
  const attempts = (fresh ? row.attempts : 0) + 1;
  const wait = waitAfter(attempts);
  return {
    admitted: true,
    next: { attempts, lastAttemptAt: now, lockedUntil: wait > 0 ? new Date(now.getTime() + wait * 1000) : null },
  };
}

const digest = (token: string) => createHash("sha256").update(token).digest("base64url");

/**
 * The per-address sign-in limit (docs/decisions/058), kept in Postgres so that every instance counts the
 * same attempts. Addresses are stored as keyed hashes (the auth secret's), known and unknown alike.
 */
export function signInGuard(db: Database, secret: string) {
  const key = createHmac("sha256", secret).update("daywork sign-in guard v1").digest();
  const addressKey = (email: string) => createHmac("sha256", key).update(email.trim().toLowerCase()).digest("base64url");

  return {
    /** Counts an attempt to sign in as `email`, or refuses it while the address waits. */
    async admit(email: string, unlockToken: string | undefined, now = new Date()): Promise<AttemptPlan> {
      const id = addressKey(email);
      return db.transaction(async (tx) => {
        await tx
          .insert(signInGuards)
          .values({ addressKey: id, attempts: 0, lastAttemptAt: new Date(0) })
          .onConflictDoNothing();
        const [row] = await tx.select().from(signInGuards).where(eq(signInGuards.addressKey, id)).for("update");
        const plan = planAttempt(row ?? null, now, unlockToken ? digest(unlockToken) : null);
        if (plan.admitted) await tx.update(signInGuards).set(plan.next).where(eq(signInGuards.addressKey, id));
        return plan;
      });
    },

    /**
     * After a failed attempt: while the address waits and no unlock link is out, a new link's token (to
     * mail to the address), else null. One link at a time, so a script cannot fill the inbox.
     */
    async unlockTokenAfterFailure(email: string, now = new Date()): Promise<string | null> {
      const token = randomBytes(32).toString("base64url");
      const issued = await db
        .update(signInGuards)
        .set({
          unlockTokenHash: digest(token),
          unlockExpiresAt: new Date(now.getTime() + SIGN_IN_GUARD.unlockLinkSeconds * 1000),
        })
        .where(
          and(
            eq(signInGuards.addressKey, addressKey(email)),
            gt(signInGuards.lockedUntil, now),
            or(isNull(signInGuards.unlockExpiresAt), lte(signInGuards.unlockExpiresAt, now)),
          ),
        )
        .returning({ addressKey: signInGuards.addressKey });
      return issued.length > 0 ? token : null;
    },

    /** Forgets the address's attempts, wait and unlock link: after a sign-in or a password reset. */
    async forget(email: string): Promise<void> {
      await db.delete(signInGuards).where(eq(signInGuards.addressKey, addressKey(email)));
    },
  };
}

export type SignInGuard = ReturnType<typeof signInGuard>;
