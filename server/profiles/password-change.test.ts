import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ERR } from "../../domain/errors.ts";
import { cookieHeader, signUp } from "../testing/accounts.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function post(url: string, payload: object, cookie?: string) {
  return t.app.inject({ method: "POST", url, payload, headers: { origin: t.config.publicUrl, ...(cookie ? { cookie } : {}) } });
}

async function signedIn(cookie: string): Promise<boolean> {
  const res = await t.app.inject({ method: "GET", url: "/api/trpc/profiles.me", headers: { cookie } });
  return (res.json() as { result: { data: { json: unknown } } }).result.data.json !== null;
}

async function secondSignIn(email: string, password: string): Promise<string> {
  const res = await post("/api/auth/sign-in/email", { email, password });
  expect(res.statusCode).toBe(200);
  return cookieHeader(res.headers["set-cookie"]);
}

describe("password change (better-auth POST /api/auth/change-password)", () => {
  it("keeps this session working, ends the other sessions, and the new password signs in", async () => {
    const account = await signUp(t);
    const elsewhere = await secondSignIn(account.email, account.password);
    expect(await signedIn(elsewhere)).toBe(true);

    const res = await post(
      "/api/auth/change-password",
      { currentPassword: account.password, newPassword: "brand-new-secret", revokeOtherSessions: true },
      account.cookie,
    );
    expect(res.statusCode).toBe(200);
    // The current session continues under the cookie the answer sets.
    const current = cookieHeader(res.headers["set-cookie"]);
    expect(current).toMatch(/daywork\.session_token=/);
    expect(await signedIn(current)).toBe(true);
    expect(await signedIn(elsewhere)).toBe(false);

    expect((await post("/api/auth/sign-in/email", { email: account.email, password: account.password })).statusCode).toBe(401);
    expect((await post("/api/auth/sign-in/email", { email: account.email, password: "brand-new-secret" })).statusCode).toBe(200);
  });

  it("refuses a wrong current password and changes nothing", async () => {
    const account = await signUp(t);
    const elsewhere = await secondSignIn(account.email, account.password);
    const res = await post(
      "/api/auth/change-password",
      { currentPassword: "not-my-password", newPassword: "brand-new-secret", revokeOtherSessions: true },
      account.cookie,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "INVALID_PASSWORD" });
    expect(await signedIn(account.cookie)).toBe(true);
    expect(await signedIn(elsewhere)).toBe(true);
    expect((await post("/api/auth/sign-in/email", { email: account.email, password: account.password })).statusCode).toBe(200);
  });

  it("answers the form's messages: confirmation mismatch, too short, and no session", async () => {
    const account = await signUp(t);
    const mismatch = await post(
      "/api/auth/change-password",
      { currentPassword: account.password, newPassword: "brand-new-secret", confirmPassword: "brand-new-secreT" },
      account.cookie,
    );
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({ code: ERR.passwordsMismatch });
    const short = await post(
      "/api/auth/change-password",
      { currentPassword: account.password, newPassword: "12345" },
      account.cookie,
    );
    expect(short.json()).toMatchObject({ code: ERR.passwordMin });
    const anonymous = await post("/api/auth/change-password", {
      currentPassword: account.password,
      newPassword: "brand-new-secret",
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await post("/api/auth/sign-in/email", { email: account.email, password: account.password })).statusCode).toBe(200);
  });
});
