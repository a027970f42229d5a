import { AsyncLocalStorage } from "node:async_hooks";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import type { z } from "zod";

import type { Database, Tx } from "../db/database.ts";
import { account, rateLimit, session, user, verification } from "../db/schema/index.ts";
import {
  linkTokenSchema,
  newPasswordSchema,
  passwordChangeSchema,
  passwordResetRequestSchema,
  signInSchema,
  signUpSchema,
  verificationResendSchema,
} from "../domain/auth.ts";
import { ERR, type ErrorKey } from "../domain/errors.ts";
import { isLanguageCode } from "../domain/languages.ts";
import { ACCOUNT_MAIL, LIMITS } from "../domain/limits.ts";
import { callbackOf } from "./account-mail/account-mails.ts";
import { createBackgroundTasks } from "./account-mail/background-tasks.ts";
import { resetRequestAnswer } from "./account-mail/reset-request.ts";
import type { BackgroundQueue } from "./background-jobs.ts";
import type { Config } from "./config.ts";
import { englishText } from "./english.ts";
import { unavailableCause } from "./http/unavailable.ts";
import { hitRateLimit } from "./limits/rate-limit.ts";
import { activeSanction } from "./moderation/sanctions.ts";
import { inheritStanding } from "./privacy/stand-in.ts";
import { standingKey } from "./privacy/standing-key.ts";
import { createProfileWithConsents } from "./profiles/create-profile.ts";
import type { ServiceLog } from "./services.ts";
import { signInGuard } from "./session/sign-in-guard.ts";
import { signInLockout } from "./session/sign-in-lockout.ts";

/** Header the Fastify route sets from request.ip, so rate limits are per client, not global. */
export const CLIENT_IP_HEADER = "x-daywork-client-ip";

// The transaction better-auth opens for sign-up, so our rows join it (its create.after hooks run only
// after commit and could not roll the user back).
const signUpTx = new AsyncLocalStorage<Tx>();

function trackTransactions(db: Database): Database {
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop !== "transaction") return Reflect.get(target, prop, receiver);
      const transaction: Database["transaction"] = (fn, config) =>
        target.transaction((tx) => signUpTx.run(tx, () => fn(tx)), config);
      return transaction;
    },
  });
}

function badRequest(error: z.ZodError): APIError {
  const key = error.issues[0]?.message ?? ERR.generic;
  return new APIError("BAD_REQUEST", { message: englishText(key), code: key });
}

function refusedWith(status: "UNAUTHORIZED" | "BAD_REQUEST" | "FORBIDDEN" | "TOO_MANY_REQUESTS", key: ErrorKey): APIError {
  return new APIError(status, { message: englishText(key), code: key });
}

/** The requested return page must be one of ours (better-auth skips its own check when NODE_ENV=test). */
function ownPage(config: Config, url: unknown): boolean {
  if (url === undefined) return true;
  if (typeof url !== "string" || url.length > 2000) return false;
  try {
    return config.trustedOrigins.includes(new URL(url).origin);
  } catch {
    return false;
  }
}

/** better-auth's refusals of a link's token, answered as "this link is expired, used or broken". */
const LINK_REFUSALS: Partial<Record<string, ErrorKey>> = {
  "/reset-password": ERR.resetLinkInvalid,
  "/verify-email": ERR.verifyLinkInvalid,
};
const TOKEN_CODES = new Set(["INVALID_TOKEN", "TOKEN_EXPIRED", "USER_NOT_FOUND"]);

export type AuthOptions = {
  db: Database;
  config: Config;
  /**
   * Where the password-reset, confirmation and unlock mails are queued (the outbox, docs/decisions/064;
   * the queue's worker sends them); without it (benchmarks) none is sent.
   */
  mail?: { queue: BackgroundQueue; log: ServiceLog };
};

/**
 * better-auth with e-mail and password, sessions in our database, rate limits on its endpoints, and the
 * account mails: password reset and address confirmation (docs/decisions/017), each queued in the
 * request that asks for it and sent by the background queue (docs/decisions/064).
 * `settleBackgroundTasks` waits for better-auth's own background work (call it before the database closes).
 */
export function createAuth({ db, config, mail }: AuthOptions) {
  const standing = standingKey(config.authSecret);
  const background = createBackgroundTasks((error) =>
    mail?.log.warn({ event: "auth_background_task_failed", err: String(error) }, "an auth background task failed"),
  );
  const outbox = mail ? { db, queue: mail.queue } : null;
  // Per-address sign-in limit with a mailed unlock link (docs/decisions/058).
  const guard = signInGuard(db, config.authSecret);
  const lockout = signInLockout({ guard, config, outbox });
  const auth = betterAuth({
    appName: "Daywork",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    trustedOrigins: config.trustedOrigins,
    // An error that is not better-auth's own refusal is thrown to the route rather than answered 500,
    // so a database that is down is answered 503 "try again" (server/http/unavailable.ts, decision 062).
    onAPIError: { throw: true },
    // An outage's failed session reads are answered "try again" and counted there (decision 062), not
    // also logged by better-auth for each request; anything else it logs goes out as it always did.
    logger: {
      log(level, message, ...args: unknown[]) {
        if (args.some((arg) => unavailableCause(arg) !== null)) return;
        const write = level === "error" ? console.error : level === "warn" ? console.warn : console.log;
        write(`[Better Auth]: ${message}`, ...args);
      },
    },
    database: drizzleAdapter(trackTransactions(db), {
      provider: "pg",
      schema: { user, session, account, verification, rateLimit },
      transaction: true,
    }),
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: LIMITS.passwordMin,
      maxPasswordLength: LIMITS.passwordMax,
      // A reset link works for an hour and once; using it ends every session of the person.
      resetPasswordTokenExpiresIn: ACCOUNT_MAIL.resetLinkSeconds,
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: ({ user }) => guard.forget(user.email),
      // Never reached for a request (the before hook answers it and queues the lookup); kept because
      // better-auth refuses reset requests without it.
      sendResetPassword: async () => {},
    },
    emailVerification: {
      // Queued in the sign-up's own transaction instead (the account hook below): it commits with the account.
      sendOnSignUp: false,
      expiresIn: ACCOUNT_MAIL.verifyLinkSeconds,
      autoSignInAfterVerification: false,
      // "Send again": queued before the answer, so a 200 means the mail will go (docs/decisions/064). The
      // token better-auth made is not kept: the worker makes its own when it sends.
      sendVerificationEmail: async ({ user, url }) => {
        if (!outbox) return;
        await outbox.queue.send(db, "account-mail", { kind: "verification", userId: user.id, callbackURL: callbackOf(url) });
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    rateLimit: {
      enabled: config.authRateLimit,
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 60, max: 10 },
        "/sign-up/email": { window: 60, max: 5 },
        "/change-password": { window: 60, max: 5 },
        "/request-password-reset": { window: 60, max: 3 },
        "/reset-password": { window: 60, max: 10 },
        "/send-verification-email": { window: 60, max: 3 },
        "/verify-email": { window: 60, max: 10 },
      },
    },
    advanced: {
      cookiePrefix: "daywork",
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      backgroundTasks: { handler: background.run },
    },
    hooks: {
      // The same schemas as the forms, so the API answers with the forms' messages (docs/product.md, Messages and errors).
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === "/sign-up/email") {
          const body = (ctx.body ?? {}) as Record<string, unknown>;
          const parsed = signUpSchema.safeParse({ ...body, fullName: body.name });
          if (!parsed.success) throw badRequest(parsed.error);
          if (!ownPage(config, body.callbackURL)) throw refusedWith("BAD_REQUEST", ERR.badRequest);
          const { fullName, email, password } = parsed.data;
          return { context: { body: { ...body, name: fullName, email, password } } };
        }
        if (ctx.path === "/sign-in/email") {
          const parsed = signInSchema.safeParse(ctx.body ?? {});
          if (!parsed.success) throw badRequest(parsed.error);
          await lockout.admit(parsed.data.email, ctx.body);
          const { unlockToken: _unlockToken, ...body } = ctx.body as Record<string, unknown>;
          return { context: { body: { ...body, email: parsed.data.email } } };
        }
        if (ctx.path === "/change-password") {
          const body = (ctx.body ?? {}) as Record<string, unknown>;
          const parsed = passwordChangeSchema.safeParse({ ...body, confirmPassword: body.confirmPassword ?? body.newPassword });
          if (!parsed.success) throw badRequest(parsed.error);
        }
        if (ctx.path === "/request-password-reset") {
          const body = (ctx.body ?? {}) as Record<string, unknown>;
          const parsed = passwordResetRequestSchema.safeParse(body);
          if (!parsed.success) throw badRequest(parsed.error);
          if (!ownPage(config, body.redirectTo)) throw refusedWith("BAD_REQUEST", ERR.badRequest);
          // Answered before anything is looked up, the same for every address (docs/decisions/058): the
          // request is queued (durable before the 200, docs/decisions/064) and the worker looks it up.
          const request = {
            email: parsed.data.email,
            ...(typeof body.redirectTo === "string" ? { redirectTo: body.redirectTo } : {}),
          };
          if (outbox) await outbox.queue.send(db, "password-reset-request", request);
          return ctx.json(resetRequestAnswer);
        }
        if (ctx.path === "/reset-password") {
          const body = (ctx.body ?? {}) as Record<string, unknown>;
          const token = linkTokenSchema(ERR.resetLinkInvalid).safeParse(body.token ?? ctx.query?.token);
          if (!token.success) throw badRequest(token.error);
          const parsed = newPasswordSchema.safeParse({ ...body, confirmPassword: body.confirmPassword ?? body.newPassword });
          if (!parsed.success) throw badRequest(parsed.error);
          return { context: { body: { newPassword: parsed.data.newPassword, token: token.data } } };
        }
        if (ctx.path === "/verify-email") {
          const token = linkTokenSchema(ERR.verifyLinkInvalid).safeParse(ctx.query?.token);
          if (!token.success) throw badRequest(token.error);
          if (!ownPage(config, ctx.query?.callbackURL)) throw refusedWith("BAD_REQUEST", ERR.badRequest);
        }
        if (ctx.path === "/send-verification-email") {
          // Only the signed-in person, for their own address, a few times an hour (docs/decisions/017).
          const body = (ctx.body ?? {}) as Record<string, unknown>;
          const parsed = verificationResendSchema.safeParse(body);
          if (!parsed.success) throw badRequest(parsed.error);
          if (!ownPage(config, body.callbackURL)) throw refusedWith("BAD_REQUEST", ERR.badRequest);
          const session = await getSessionFromCtx(ctx);
          if (!session) throw refusedWith("UNAUTHORIZED", ERR.unauthorized);
          if (session.user.emailVerified) throw refusedWith("BAD_REQUEST", ERR.emailAlreadyVerified);
          const verdict = await hitRateLimit(db, session.user.id, {
            action: "verificationResend",
            ...ACCOUNT_MAIL.verificationResends,
          });
          if (!verdict.allowed) throw refusedWith("TOO_MANY_REQUESTS", ERR.tooManyRequests);
          return { context: { body: { email: session.user.email, callbackURL: body.callbackURL } } };
        }
      }),
      // A reset or confirmation link that is expired, used or forged reads as such, in the person's language.
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path === "/sign-in/email") {
          const email = (ctx.body as { email?: unknown } | undefined)?.email;
          if (typeof email === "string") await lockout.settle(email, ctx.context.returned, ctx.headers?.get("origin"));
          return;
        }
        const key = LINK_REFUSALS[ctx.path];
        const returned: unknown = ctx.context.returned;
        if (!key || !isAPIError(returned)) return;
        const code: unknown = returned.body?.code;
        if (typeof code === "string" && TOKEN_CODES.has(code)) throw refusedWith("BAD_REQUEST", key);
      }),
    },
    databaseHooks: {
      // A banned account gets no session, by any way of signing in (docs/decisions/073).
      session: {
        create: {
          before: async (created) => {
            // At sign-up the session is made inside its transaction, which holds the only PGlite connection.
            const sanction = await activeSanction(signUpTx.getStore() ?? db, created.userId, new Date());
            if (sanction?.kind === "banned") throw refusedWith("FORBIDDEN", ERR.accountBanned);
          },
        },
      },
      account: {
        create: {
          // Runs inside the sign-up transaction, after the user row exists.
          before: async (acc, ctx) => {
            if (acc.providerId !== "credential") return;
            const tx = signUpTx.getStore();
            if (!tx) throw new APIError("INTERNAL_SERVER_ERROR", { message: englishText(ERR.generic) });
            const body = (ctx?.body ?? {}) as { name?: string; language?: unknown };
            await createProfileWithConsents(tx, {
              userId: acc.userId,
              fullName: body.name ?? "",
              language: isLanguageCode(body.language) ? body.language : undefined,
            });
            // The standing of an account deleted with this address comes back (docs/decisions/050).
            const [created] = await tx.select({ email: user.email }).from(user).where(eq(user.id, acc.userId));
            if (created) await inheritStanding(tx, acc.userId, { email: created.email }, standing, new Date());
            // The confirmation mail commits with the account (docs/decisions/064); demo accounts, confirmed
            // at once after, are skipped by the worker.
            const callbackURL = (ctx?.body as { callbackURL?: unknown } | undefined)?.callbackURL;
            if (outbox) {
              await outbox.queue.send(tx, "account-mail", {
                kind: "verification",
                userId: acc.userId,
                callbackURL: typeof callbackURL === "string" ? callbackURL : null,
              });
            }
          },
        },
      },
    },
  });
  return Object.assign(auth, { settleBackgroundTasks: background.settled });
}

export type Auth = ReturnType<typeof createAuth>;
