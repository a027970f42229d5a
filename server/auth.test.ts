import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { consentHistory, profiles, user } from "../db/schema/index.ts";
import { ERR } from "../domain/errors.ts";
import { cookieHeader, signUp } from "./testing/accounts.ts";
import { createTestApp, type TestApp } from "./testing/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const valid = {
  email: "new.person@example.com",
  password: "secret123",
  name: "Anna Petrova",
  ageConfirmed: true,
  consentDataProcessing: true,
  termsAccepted: true,
};

function post(url: string, payload: unknown, cookie?: string) {
  return t.app.inject({
    method: "POST",
    url,
    payload: payload as object,
    headers: { origin: t.config.publicUrl, ...(cookie ? { cookie } : {}) },
  });
}

async function me(cookie?: string) {
  const res = await t.app.inject({ method: "GET", url: "/api/trpc/profiles.me", headers: cookie ? { cookie } : {} });
  return (res.json() as { result: { data: { json: { profile: { fullName: string } | null } | null } } }).result.data.json;
}

describe("sign-up validation", () => {
  it.each([
    ["invalid e-mail", { email: "not-an-email" }, ERR.emailInvalid],
    ["e-mail over 255", { email: `${"a".repeat(250)}@example.com` }, ERR.emailTooLong],
    ["short password", { password: "12345" }, ERR.passwordMin],
    ["long password", { password: "x".repeat(101) }, ERR.passwordTooLong],
    ["blank name", { name: "   " }, ERR.nameRequired],
    ["long name", { name: "n".repeat(101) }, ERR.nameTooLong],
    ["age not confirmed", { ageConfirmed: false }, ERR.acceptAllTerms],
    ["no consent", { consentDataProcessing: undefined }, ERR.acceptAllTerms],
    ["terms not accepted", { termsAccepted: false }, ERR.acceptAllTerms],
  ])("refuses %s with its message and writes nothing", async (_name, change, key) => {
    const before = await t.db.$count(user);
    const res = await post("/api/auth/sign-up/email", { ...valid, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: key });
    expect(await t.db.$count(user)).toBe(before);
  });

  it("trims the e-mail and name", async () => {
    const res = await post("/api/auth/sign-up/email", { ...valid, email: "  trimmed@example.com ", name: "  Ivan  " });
    expect(res.statusCode).toBe(200);
    const cookie = cookieHeader(res.headers["set-cookie"]);
    expect((await me(cookie))?.profile?.fullName).toBe("Ivan");
  });
});

describe("sign-up", () => {
  it("creates the user, the profile and both consent records, and signs in", async () => {
    const account = await signUp(t, { name: "Maria Ivanova" });
    const [profile] = await t.db
      .select()
      .from(profiles)
      .where(sql`${profiles.id} = ${account.id}`);
    expect(profile).toMatchObject({
      fullName: "Maria Ivanova",
      consentDataProcessing: true,
      termsAccepted: true,
      ageVerified: true,
    });
    expect(profile?.consentDate).toBeInstanceOf(Date);
    const consents = await t.db
      .select()
      .from(consentHistory)
      .where(sql`${consentHistory.userId} = ${account.id}`);
    expect(consents.map((c) => c.consentType).sort()).toEqual(["data_processing", "terms"]);
    expect(consents.every((c) => c.consentGiven)).toBe(true);
    expect((await me(account.cookie))?.profile?.fullName).toBe("Maria Ivanova");
  });

  it("refuses a second account with the same e-mail", async () => {
    const account = await signUp(t);
    const res = await post("/api/auth/sign-up/email", { ...valid, email: account.email.toUpperCase() });
    expect(res.statusCode).toBe(422);
  });

  it("is atomic: when the consent records cannot be written, no user or profile remains", async () => {
    await t.db.execute(
      sql`create function fail_consent() returns trigger language plpgsql as $$ begin raise exception 'consent store down'; end $$`,
    );
    await t.db.execute(
      sql`create trigger fail_consent before insert on consent_history for each row execute function fail_consent()`,
    );
    try {
      const res = await post("/api/auth/sign-up/email", { ...valid, email: "atomic@example.com" });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      const users = await t.db
        .select()
        .from(user)
        .where(sql`${user.email} = 'atomic@example.com'`);
      expect(users).toEqual([]);
      expect(await t.db.$count(profiles, sql`${profiles.fullName} = ${valid.name}`)).toBe(0);
    } finally {
      await t.db.execute(sql`drop trigger fail_consent on consent_history`);
      await t.db.execute(sql`drop function fail_consent()`);
    }
  });
});

describe("sign-in and sessions", () => {
  it("signs in with the right password and answers with the session through cookies", async () => {
    const account = await signUp(t);
    const res = await post("/api/auth/sign-in/email", { email: account.email, password: account.password });
    expect(res.statusCode).toBe(200);
    const cookie = cookieHeader(res.headers["set-cookie"]);
    expect(cookie).toMatch(/daywork\.session_token=/);
    expect(await me(cookie)).not.toBeNull();
  });

  it("refuses a wrong password and a missing one with their messages", async () => {
    const account = await signUp(t);
    const wrong = await post("/api/auth/sign-in/email", { email: account.email, password: "wrong-password" });
    expect(wrong.statusCode).toBe(401);
    const missing = await post("/api/auth/sign-in/email", { email: account.email, password: "" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: ERR.passwordRequired });
    const badEmail = await post("/api/auth/sign-in/email", { email: "nope", password: "x" });
    expect(badEmail.json()).toMatchObject({ code: ERR.emailInvalid });
  });

  it("treats a visitor without cookies as signed out, and sign-out ends the session", async () => {
    expect(await me()).toBeNull();
    const account = await signUp(t);
    const out = await post("/api/auth/sign-out", {}, account.cookie);
    expect(out.statusCode).toBe(200);
    expect(await me(account.cookie)).toBeNull();
  });
});

describe("rate limiting", () => {
  it("answers 429 after too many sign-in attempts from one client", async () => {
    const limited = await createTestApp({ rateLimit: true });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        const res = await limited.app.inject({
          method: "POST",
          url: "/api/auth/sign-in/email",
          // A new address each time, so that only the per-client limit is at work (not the per-address one).
          payload: { email: `someone-${i}@example.com`, password: "wrong-password" },
          headers: { origin: limited.config.publicUrl },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
      expect(statuses.slice(10)).toEqual([429, 429]);
    } finally {
      await limited.close();
    }
  });
});
