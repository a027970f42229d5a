// The per-address sign-in limit (docs/decisions/058) over real HTTP, each attempt from its own client
// address as a botnet would send them: a few wrong passwords are free, then the address waits (even the
// right password), the waits double up to a cap, and the mailed unlock link lets the owner in at once.
import { eq, isNotNull, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { profiles, signInGuards } from "../../db/schema/index.ts";
import { ERR } from "../../domain/errors.ts";
import { SIGN_IN_GUARD } from "../../domain/limits.ts";
import { mailFor, mailTo, postAuth } from "../account-mail/account-mail-test-kit.ts";
import { m } from "../i18n/paraglide/messages.js";
import { linksIn } from "../mail/create-mailer.ts";
import { signUp } from "../testing/accounts.ts";
import { mailTestbed } from "../testing/mail-testbed.ts";
import type { ReceivedMail } from "../testing/smtp-peer.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { planAttempt, waitAfter } from "./sign-in-guard.ts";

const bed = mailTestbed();

let clients = 0;
/** A sign-in from a client address no earlier request used. */
function signIn(email: string, password: string, unlockToken?: string, t: TestApp = bed.t) {
  clients += 1;
  return t.app.inject({
    method: "POST",
    url: "/api/auth/sign-in/email",
    payload: { email, password, ...(unlockToken ? { unlockToken } : {}) },
    headers: { origin: t.config.publicUrl },
    remoteAddress: `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`,
  });
}

type Refusal = { code?: string; retryAfterSeconds?: number };

/** Sends `count` wrong passwords for `email`, each from its own client, one after another. */
async function guess(email: string, count: number, t: TestApp = bed.t) {
  const answers = [];
  for (let i = 0; i < count; i++) {
    const res = await signIn(email, `wrong-guess-${i}`, undefined, t);
    answers.push({ status: res.statusCode, body: res.json<Refusal>() });
  }
  return answers;
}

/** Ends every wait now, as if it had been sat out. */
async function sitOutWaits() {
  await bed.t.db
    .update(signInGuards)
    .set({ lockedUntil: sql`now() - interval '1 second'` })
    .where(isNotNull(signInGuards.lockedUntil));
}

const unlockSubject = (locale: "en" | "de" | "ru") => m.mail_unlock_subject({}, { locale });

function unlockTokenIn(mail: ReceivedMail): string {
  const links = linksIn(mail).filter((link) => new URL(link).pathname === "/auth");
  expect(new Set(links).size).toBe(1);
  const link = new URL(links[0] ?? "");
  expect(link.origin).toBe(new URL(bed.t.config.publicUrl).origin);
  return link.searchParams.get("unlock") ?? "";
}

const FREE = SIGN_IN_GUARD.freeAttempts;

describe("the wait after wrong passwords", () => {
  it("grows by doubling after the free attempts and stops at the cap", () => {
    const waits = Array.from({ length: 12 }, (_, i) => waitAfter(i + 1));
    expect(waits.slice(0, FREE - 1)).toEqual(Array.from({ length: FREE - 1 }, () => 0));
    expect(waits.slice(FREE - 1, FREE + 3)).toEqual([30, 60, 120, 240]);
    expect(Math.max(...waits)).toBe(SIGN_IN_GUARD.maxWaitSeconds);
    expect(waits.at(-1)).toBe(SIGN_IN_GUARD.maxWaitSeconds);
    expect(waitAfter(10_000)).toBe(SIGN_IN_GUARD.maxWaitSeconds);
  });

  it("refuses while waiting without counting, admits a valid unlock token, forgets after a day", () => {
    const now = new Date("2026-12-07T10:00:00Z");
    const locked = {
      attempts: 7,
      lastAttemptAt: new Date(now.getTime() - 10_000),
      lockedUntil: new Date(now.getTime() + 50_000),
      unlockTokenHash: "h",
      unlockExpiresAt: new Date(now.getTime() + 3_600_000),
    };
    expect(planAttempt(locked, now, null)).toEqual({ admitted: false, retryAfterSeconds: 50 });
    expect(planAttempt(locked, now, "other")).toEqual({ admitted: false, retryAfterSeconds: 50 });
    expect(planAttempt(locked, now, "h")).toMatchObject({ admitted: true, next: { attempts: 8 } });
    const expiredLink = { ...locked, unlockExpiresAt: new Date(now.getTime() - 1) };
    expect(planAttempt(expiredLink, now, "h")).toMatchObject({ admitted: false });
    const dayOld = { ...locked, lastAttemptAt: new Date(now.getTime() - 86_400_001) };
    expect(planAttempt(dayOld, now, null)).toEqual({
      admitted: true,
      next: { attempts: 1, lastAttemptAt: now, lockedUntil: null },
    });
  });
});

describe("wrong passwords for one account from many client addresses", () => {
  it("lock the address after the free attempts, even for the right password, and mail one unlock link", async () => {
    // better-auth's per-client limit is on, as in production: it is not what stops these attempts.
    const limited = await createTestApp({ rateLimit: true, env: { SMTP_URL: bed.smtp.url } });
    try {
      await lockedOutAndUnlocked(limited);
    } finally {
      await limited.close();
    }
  });

  async function lockedOutAndUnlocked(t: TestApp) {
    const account = await signUp(t, { name: "Lena Lock" });
    await t.db.update(profiles).set({ language: "de" }).where(eq(profiles.id, account.id));

    const answers = await guess(account.email, 40, t);
    expect(answers.map((a) => a.status)).toEqual([...Array(FREE).fill(401), ...Array(40 - FREE).fill(429)]);
    expect(answers.at(-1)?.body).toMatchObject({ code: ERR.signInLocked });

    const right = await signIn(account.email, account.password, undefined, t);
    expect(right.statusCode).toBe(429);
    const refusal = right.json<Refusal>();
    expect(refusal.code).toBe(ERR.signInLocked);
    expect(refusal.retryAfterSeconds).toBeGreaterThan(0);
    expect(refusal.retryAfterSeconds).toBeLessThanOrEqual(SIGN_IN_GUARD.firstWaitSeconds);
    expect(Number(right.headers["retry-after"])).toBe(refusal.retryAfterSeconds);
    expect(right.headers["set-cookie"]).toBeUndefined();

    const mail = await mailFor(t, bed.smtp, mailTo(account.email, unlockSubject("de")));
    expect(mail.text).toContain(m.mail_unlock_body({}, { locale: "de" }));
    await t.runBackground();
    expect(bed.smtp.mails.filter(mailTo(account.email, unlockSubject("de")))).toHaveLength(1);

    // The link lets the owner in at once; after that the address starts afresh.
    const token = unlockTokenIn(mail);
    expect((await signIn(account.email, "still-wrong", token, t)).statusCode).toBe(401);
    expect((await signIn(account.email, account.password, "forged-token", t)).statusCode).toBe(429);
    const unlocked = await signIn(account.email, account.password, token, t);
    expect(unlocked.statusCode).toBe(200);
    expect(unlocked.headers["set-cookie"]).toBeDefined();
    expect((await guess(account.email, 1, t))[0]?.status).toBe(401);
  }

  it("leave another account alone", async () => {
    const target = await signUp(bed.t);
    const bystander = await signUp(bed.t);
    await guess(target.email, FREE + 1);
    expect((await signIn(target.email, target.password)).statusCode).toBe(429);
    expect((await signIn(bystander.email, "wrong-password")).statusCode).toBe(401);
    expect((await signIn(bystander.email, bystander.password)).statusCode).toBe(200);
  });

  it("make each further failure wait twice as long, up to the cap", async () => {
    const account = await signUp(bed.t);
    await guess(account.email, FREE);
    const waits: number[] = [];
    for (let round = 0; round < 7; round++) {
      const refused = await signIn(account.email, account.password);
      expect(refused.statusCode).toBe(429);
      waits.push(refused.json<Refusal>().retryAfterSeconds ?? 0);
      await sitOutWaits();
      expect((await guess(account.email, 1))[0]?.status).toBe(401);
    }
    // Within a few seconds of 30, 60, 120, … s however slow this machine is.
    const expected = Array.from({ length: 7 }, (_, i) => waitAfter(FREE + i));
    waits.forEach((wait, i) => {
      expect(wait).toBeLessThanOrEqual(expected[i] ?? 0);
      expect(wait).toBeGreaterThan((expected[i] ?? 0) - 10);
    });
    expect(expected.at(-1)).toBe(SIGN_IN_GUARD.maxWaitSeconds);
    // Sitting out the wait is enough for the right password.
    await sitOutWaits();
    expect((await signIn(account.email, account.password)).statusCode).toBe(200);
  });

  it("count parallel guesses: no more than the free attempts reach the password check", async () => {
    const account = await signUp(bed.t);
    const statuses = await Promise.all(Array.from({ length: 20 }, (_, i) => signIn(account.email, `parallel-${i}`))).then((all) =>
      all.map((res) => res.statusCode),
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(FREE);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - FREE);
  });

  it("end with a password reset: the new password works at once", async () => {
    const account = await signUp(bed.t);
    await guess(account.email, FREE + 2);
    expect((await signIn(account.email, account.password)).statusCode).toBe(429);
    await postAuth(bed.t, "/request-password-reset", {
      email: account.email,
      redirectTo: `${bed.t.config.publicUrl}/reset-password`,
    });
    const mail = await mailFor(bed.t, bed.smtp, mailTo(account.email, m.mail_reset_subject({}, { locale: "ru" })));
    const link = linksIn(mail).find((href) => new URL(href).pathname === "/reset-password") ?? "";
    const token = new URL(link).searchParams.get("token") ?? "";
    expect((await postAuth(bed.t, "/reset-password", { token, newPassword: "after-the-lock" })).statusCode).toBe(200);
    expect((await signIn(account.email, "after-the-lock")).statusCode).toBe(200);
  });

  it("look the same for an address without an account, which gets no mail", async () => {
    const known = await signUp(bed.t);
    const unknown = `nobody-${Date.now()}@example.com`;
    const forKnown = await guess(known.email, FREE + 3);
    const forUnknown = await guess(unknown, FREE + 3);
    const shape = (answers: typeof forKnown) => answers.map((a) => [a.status, a.body.code]);
    expect(shape(forUnknown)).toEqual(shape(forKnown));
    await bed.t.runBackground();
    expect(bed.smtp.mails.filter((mail) => mail.to.includes(unknown))).toEqual([]);
    expect(bed.smtp.mails.filter(mailTo(known.email, unlockSubject("ru")))).toHaveLength(1);
  });
});
