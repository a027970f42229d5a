import { createHash, createHmac } from "node:crypto";
import { and, eq, gt, isNull, lte, or } from "drizzle-orm";

import type { Database, Queryable } from "../../db/database.ts";
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
     * After a failed attempt: while the address waits and no unlock link is out, claims one (a day) and
     * answers true, so the caller queues its mail; else false. One link at a time, so a script cannot fill
     * the inbox. The link's token is made when the mail is sent (`issueUnlockToken`, docs/decisions/064).
     */
    async claimUnlockLink(email: string, now = new Date(), tx: Queryable = db): Promise<boolean> {
      const claimed = await tx
        .update(signInGuards)
        .set({ unlockTokenHash: null, unlockExpiresAt: new Date(now.getTime() + SIGN_IN_GUARD.unlockLinkSeconds * 1000) })
        .where(
          and(
            eq(signInGuards.addressKey, addressKey(email)),
            gt(signInGuards.lockedUntil, now),
            or(isNull(signInGuards.unlockExpiresAt), lte(signInGuards.unlockExpiresAt, now)),
          ),
        )
        .returning({ addressKey: signInGuards.addressKey });
      return claimed.length > 0;
    },

    /**
     * The token of the claimed unlock link, for the mail about to go: derived from the address and the
     * claim (keyed by the auth secret), so a retry after a send whose outcome was lost mails the same
     * link, and the outbox never holds it (docs/decisions/064). Null when no claim is live any more (a
     * sign-in forgot it).
     */
    async issueUnlockToken(email: string, now = new Date()): Promise<string | null> {
      const id = addressKey(email);
      const [claim] = await db
        .select({ expiresAt: signInGuards.unlockExpiresAt })
        .from(signInGuards)
        .where(and(eq(signInGuards.addressKey, id), gt(signInGuards.unlockExpiresAt, now)));
      if (!claim?.expiresAt) return null;
      const token = createHmac("sha256", key).update(`unlock ${id} ${claim.expiresAt.getTime()}`).digest("base64url");
      await db
        .update(signInGuards)
        .set({ unlockTokenHash: digest(token) })
        .where(and(eq(signInGuards.addressKey, id), eq(signInGuards.unlockExpiresAt, claim.expiresAt)));
      return token;
    },

    /** Forgets the address's attempts, wait and unlock link: after a sign-in or a password reset. */
    async forget(email: string): Promise<void> {
      await db.delete(signInGuards).where(eq(signInGuards.addressKey, addressKey(email)));
    },
  };
}

export type SignInGuard = ReturnType<typeof signInGuard>;
