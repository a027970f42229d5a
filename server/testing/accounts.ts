import { createEmailVerificationToken } from "better-auth/api";

import type { LanguageCode } from "../../domain/languages.ts";
import type { UserType } from "../../domain/user-types.ts";
import type { TestApp } from "./test-app.ts";

let counter = 0;

export type SignedUp = { id: string; email: string; password: string; cookie: string };

/** Signs up through the real HTTP endpoint and returns the session cookie. */
export async function signUp(
  t: TestApp,
  overrides: Partial<{ email: string; password: string; name: string; language: LanguageCode }> = {},
): Promise<SignedUp> {
  counter += 1;
  const email = overrides.email ?? `person${counter}-${Date.now()}@example.com`;
  const password = overrides.password ?? "secret123";
  const res = await t.app.inject({
    method: "POST",
    url: "/api/auth/sign-up/email",
    headers: { origin: t.config.publicUrl },
    payload: {
      email,
      password,
      name: overrides.name ?? `Person ${counter}`,
      ageConfirmed: true,
      consentDataProcessing: true,
      termsAccepted: true,
      ...(overrides.language ? { language: overrides.language } : {}),
    },
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as { user: { id: string } };
  return { id: body.user.id, email, password, cookie: cookieHeader(res.headers["set-cookie"]) };
}

/**
 * Confirms the account's address through the real link endpoint, with the token its confirmation mail
 * carries (signed like better-auth's own), as following the mail's link does.
 */
export async function verifyEmail(t: TestApp, account: Pick<SignedUp, "id" | "email">): Promise<void> {
  const token = await createEmailVerificationToken(t.config.authSecret, account.email, undefined, 3600, { userId: account.id });
  const res = await t.app.inject({ method: "GET", url: `/api/auth/verify-email?token=${token}` });
  if (res.statusCode !== 200) throw new Error(`verify-email failed: ${res.statusCode} ${res.body}`);
}

/**
 * Signs up over HTTP, confirms the address and finishes onboarding through the real procedure, as a
 * person must before they post, apply, hire, review or chat (docs/product.md, Accounts and onboarding;
 * docs/decisions/017).
 */
export async function signUpMember(
  t: TestApp,
  overrides: Partial<{ email: string; password: string; name: string; userType: UserType }> = {},
): Promise<SignedUp> {
  const account = await signUp(t, overrides);
  await verifyEmail(t, account);
  const caller = await t.callerWithHeaders({ cookie: account.cookie });
  const me = await caller.profiles.me();
  await caller.profiles.completeOnboarding({
    userType: overrides.userType ?? "worker",
    fullName: me?.profile?.fullName ?? "Member",
  });
  return account;
}

/** The Cookie request header for the Set-Cookie headers of a response. */
export function cookieHeader(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.map((c) => c.split(";")[0]).join("; ");
}
