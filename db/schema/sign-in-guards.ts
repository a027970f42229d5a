import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Sign-in attempts per e-mail address since its last successful sign-in, and the wait they earned
 * (server/session/sign-in-guard.ts, docs/decisions/058). Keyed by a digest of the address, whether or not
 * it has an account, so the table holds no addresses and unknown ones are treated like known ones.
 */
export const signInGuards = pgTable("sign_in_guards", {
  addressKey: text("address_key").primaryKey(),
  attempts: integer("attempts").notNull(),
  lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }).notNull(),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
  /** Digest of the mailed unlock link's token: it admits a sign-in during a lockout. */
  unlockTokenHash: text("unlock_token_hash"),
  unlockExpiresAt: timestamp("unlock_expires_at", { withTimezone: true }),
});
