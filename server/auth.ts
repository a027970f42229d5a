import { AsyncLocalStorage } from "node:async_hooks";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import type { z } from "zod";

import type { Database, Tx } from "../db/database.ts";
import { account, rateLimit, session, user, verification } from "../db/schema/index.ts";
import { passwordChangeSchema, signInSchema, signUpSchema } from "../domain/auth.ts";
import { ERR } from "../domain/errors.ts";
import { LIMITS } from "../domain/limits.ts";
import type { Config } from "./config.ts";
import { englishText } from "./english.ts";
import { createProfileWithConsents } from "./profiles/create-profile.ts";

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

export type AuthOptions = { db: Database; config: Config };

/** better-auth with e-mail and password, sessions in our database, rate limits on its endpoints. */
export function createAuth({ db, config }: AuthOptions) {
  return betterAuth({
    appName: "Daywork",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    trustedOrigins: config.trustedOrigins,
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
      },
    },
    advanced: {
      cookiePrefix: "daywork",
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    hooks: {
      // The same schemas as the forms, so the API answers with the forms' messages (docs/product.md, Messages and errors).
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === "/sign-up/email") {
          const body = (ctx.body ?? {}) as Record<string, unknown>;
          const parsed = signUpSchema.safeParse({ ...body, fullName: body.name });
          if (!parsed.success) throw badRequest(parsed.error);
          const { fullName, email, password } = parsed.data;
          return { context: { body: { ...body, name: fullName, email, password } } };
        }
        if (ctx.path === "/sign-in/email") {
          const parsed = signInSchema.safeParse(ctx.body ?? {});
          if (!parsed.success) throw badRequest(parsed.error);
          return { context: { body: { ...(ctx.body as object), email: parsed.data.email } } };
        }
        if (ctx.path === "/change-password") {
          const body = (ctx.body ?? {}) as Record<string, unknown>;
          const parsed = passwordChangeSchema.safeParse({ ...body, confirmPassword: body.confirmPassword ?? body.newPassword });
          if (!parsed.success) throw badRequest(parsed.error);
        }
      }),
    },
    databaseHooks: {
      account: {
        create: {
          // Runs inside the sign-up transaction, after the user row exists.
          before: async (acc, ctx) => {
            if (acc.providerId !== "credential") return;
            const tx = signUpTx.getStore();
            if (!tx) throw new APIError("INTERNAL_SERVER_ERROR", { message: englishText(ERR.generic) });
            const body = (ctx?.body ?? {}) as { name?: string };
            await createProfileWithConsents(tx, { userId: acc.userId, fullName: body.name ?? "" });
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
