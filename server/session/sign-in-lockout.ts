import { APIError, isAPIError } from "better-auth/api";

import type { Database } from "../../db/database.ts";
import { ERR } from "../../domain/errors.ts";
import { linkOrigin } from "../account-mail/account-mails.ts";
import type { BackgroundQueue } from "../background-jobs.ts";
import type { Config } from "../config.ts";
import { m } from "../i18n/paraglide/messages.js";
import type { SignInGuard } from "./sign-in-guard.ts";

/** Longest unlock token we look at; a longer one is ignored like a missing one. */
const UNLOCK_TOKEN_MAX = 200;

/** The unlock link's token a sign-in request carries (`unlockToken` in its body), if it is one. */
export function unlockTokenOf(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const token: unknown = Reflect.get(body, "unlockToken");
  return typeof token === "string" && token.length > 0 && token.length <= UNLOCK_TOKEN_MAX ? token : undefined;
}

/** The refusal of a sign-in while its address waits: when to try again, and that a link was mailed. */
export function signInLockedError(retryAfterSeconds: number): APIError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new APIError(
    "TOO_MANY_REQUESTS",
    { message: m.error_sign_in_locked({ minutes }, { locale: "en" }), code: ERR.signInLocked, retryAfterSeconds },
    { "retry-after": String(retryAfterSeconds) },
  );
}

type LockoutDeps = {
  guard: SignInGuard;
  config: Pick<Config, "publicUrl" | "trustedOrigins">;
  /** Where the unlock mail is queued (docs/decisions/064); null: none is sent (benchmarks). */
  outbox: { db: Database; queue: BackgroundQueue } | null;
};

/**
 * The sign-in limit per address (docs/decisions/058) as better-auth's hooks call it: `admit` before the
 * password is checked, `settle` with what the sign-in answered.
 */
export function signInLockout({ guard, config, outbox }: LockoutDeps) {
  return {
    /** Counts the attempt, or throws the lockout refusal. */
    async admit(email: string, body: unknown): Promise<void> {
      const plan = await guard.admit(email, unlockTokenOf(body));
      if (!plan.admitted) throw signInLockedError(plan.retryAfterSeconds);
    },

    /**
     * A sign-in forgets the address's attempts; a wrong password that made the address wait queues the
     * unlock mail before answering (the worker finds whether the address has an account), so known and
     * unknown addresses do the same work and answer alike.
     */
    async settle(email: string, returned: unknown, requestOrigin: string | null | undefined): Promise<void> {
      if (!isAPIError(returned)) return guard.forget(email);
      if (returned.statusCode !== 401) return;
      if (!outbox) return;
      const origin = linkOrigin(config, requestOrigin);
      // The claim and its mail together: a claim whose mail was never queued would block the next for a day.
      await outbox.db.transaction(async (tx) => {
        if (await guard.claimUnlockLink(email, new Date(), tx))
          await outbox.queue.send(tx, "account-mail", { kind: "sign-in-unlock", email, origin });
      });
    },
  };
}
