// "Forgot password?" over real HTTP with a real SMTP peer (docs/decisions/017): the mail arrives in the
// person's language with a one-hour, single-use link; the new password ends every session; an unknown
// address is answered exactly like a known one; the request is limited per client and per account.
import { and, eq, like, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { queryRows } from "../../db/database.ts";
import { profiles, verification } from "../../db/schema/index.ts";
import { ERR } from "../../domain/errors.ts";
import { ACCOUNT_MAIL } from "../../domain/limits.ts";
import { m } from "../i18n/paraglide/messages.js";
import { signUp } from "../testing/accounts.ts";
import { mailTestbed } from "../testing/mail-testbed.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../testing/test-app.ts";
import { linkToken, mailFor, mailTo, me, postAuth, signInElsewhere } from "./account-mail-test-kit.ts";

const bed = mailTestbed();

const RESET_PAGE = `${TEST_ORIGIN}/reset-password`;
const subjectIn = (locale: "en" | "de" | "ru") => m.mail_reset_subject({}, { locale });

function requestReset(app: TestApp, email: string) {
  return postAuth(app, "/request-password-reset", { email, redirectTo: RESET_PAGE });
}

function resetPassword(token: string, newPassword: string, confirmPassword?: string) {
  return postAuth(bed.t, "/reset-password", {
    token,
    newPassword,
    ...(confirmPassword === undefined ? {} : { confirmPassword }),
  });
}

function signInStatus(email: string, password: string) {
  return postAuth(bed.t, "/sign-in/email", { email, password }).then((res) => res.statusCode);
}

/** Signs up, asks for a reset link and answers the token the mail carries. */
async function resetLinkFor(language: "en" | "de" = "en") {
  const account = await signUp(bed.t, { name: "Greta Gast" });
  await bed.t.db.update(profiles).set({ language }).where(eq(profiles.id, account.id));
  expect((await requestReset(bed.t, account.email)).statusCode).toBe(200);
  const mail = await mailFor(bed.t, bed.smtp, mailTo(account.email, subjectIn(language)));
  return { account, mail, token: linkToken(bed.t, mail, "/reset-password") };
}

describe("a forgotten password, recovered from the mail", () => {
  it("mails a link in the person's language; the new password works, the old one and every session end", async () => {
    const { account, mail, token } = await resetLinkFor("de");
    expect(mail.text).toContain(m.mail_reset_body({}, { locale: "de" }));
    expect(mail.text).toContain(m.mail_greeting({ name: "Greta Gast" }, { locale: "de" }));
    expect(mail.html).toContain('lang="de"');
    const secondDevice = await signInElsewhere(bed.t, account.email, account.password);
    expect(await me(bed.t, account.cookie)).not.toBeNull();
    expect(await me(bed.t, secondDevice)).not.toBeNull();

    const res = await resetPassword(token, "brand-new-secret", "brand-new-secret");
    expect(res.statusCode).toBe(200);

    expect(await me(bed.t, account.cookie)).toBeNull();
    expect(await me(bed.t, secondDevice)).toBeNull();
    expect(await signInStatus(account.email, account.password)).toBe(401);
    expect(await signInStatus(account.email, "brand-new-secret")).toBe(200);
  });

  it("works once: the same link cannot set a password again", async () => {
    const { account, token } = await resetLinkFor();
    expect((await resetPassword(token, "first-new-secret")).statusCode).toBe(200);
    const again = await resetPassword(token, "second-new-secret");
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: ERR.resetLinkInvalid });
    expect(await signInStatus(account.email, "first-new-secret")).toBe(200);
    expect(await signInStatus(account.email, "second-new-secret")).toBe(401);
  });

  it("expires after an hour", async () => {
    const { account, token } = await resetLinkFor();
    const [row] = await bed.t.db
      .select({ expiresAt: verification.expiresAt })
      .from(verification)
      .where(and(eq(verification.value, account.id), like(verification.identifier, "reset-password:%")));
    const lifetime = (row?.expiresAt.getTime() ?? 0) - Date.now();
    expect(lifetime).toBeGreaterThan((ACCOUNT_MAIL.resetLinkSeconds - 60) * 1000);
    expect(lifetime).toBeLessThanOrEqual(ACCOUNT_MAIL.resetLinkSeconds * 1000);

    // An hour later, as far as the link is concerned.
    await bed.t.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(verification.value, account.id), like(verification.identifier, "reset-password:%")));
    const late = await resetPassword(token, "too-late-secret");
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ code: ERR.resetLinkInvalid });
    expect(await signInStatus(account.email, account.password)).toBe(200);
  });

  it("refuses a forged or broken link with the link's message, never a server error", async () => {
    for (const token of ["NotARealTokenAtAll12345", "../../etc/passwd", "", "x".repeat(5000)]) {
      const res = await resetPassword(token, "whatever-secret");
      expect(res.statusCode, token.slice(0, 20)).toBe(400);
      expect(res.json()).toMatchObject({ code: ERR.resetLinkInvalid });
    }
    const none = await postAuth(bed.t, "/reset-password", { newPassword: "whatever-secret" });
    expect(none.json()).toMatchObject({ code: ERR.resetLinkInvalid });
  });

  it("checks the new password with sign-up's limits, and a refused one leaves the link usable", async () => {
    const { account, token } = await resetLinkFor();
    const short = await resetPassword(token, "12345");
    expect(short.json()).toMatchObject({ code: ERR.passwordMin });
    const long = await resetPassword(token, "x".repeat(101));
    expect(long.json()).toMatchObject({ code: ERR.passwordTooLong });
    const mismatch = await resetPassword(token, "brand-new-secret", "brand-new-secreT");
    expect(mismatch.json()).toMatchObject({ code: ERR.passwordsMismatch });
    expect((await resetPassword(token, "brand-new-secret")).statusCode).toBe(200);
    expect(await signInStatus(account.email, "brand-new-secret")).toBe(200);
  });
});

describe("asking for a link", () => {
  it("answers an unknown address exactly like a known one, and mails nothing to it", async () => {
    const known = await signUp(bed.t);
    const unknown = `nobody-${Date.now()}@example.com`;
    const forKnown = await requestReset(bed.t, known.email);
    const forUnknown = await requestReset(bed.t, unknown);
    expect(forUnknown.statusCode).toBe(forKnown.statusCode);
    expect(forUnknown.body).toBe(forKnown.body);
    expect(forUnknown.headers["content-type"]).toBe(forKnown.headers["content-type"]);
    // No language chosen yet: the default one.
    await mailFor(bed.t, bed.smtp, mailTo(known.email, subjectIn("ru")));
    await bed.t.runBackground();
    expect(bed.smtp.mails.filter((mail) => mail.to.includes(unknown))).toEqual([]);
  });

  it("answers before anything is looked up: both addresses leave the same queued request, and only the worker finds the account", async () => {
    // docs/decisions/058, 064: the request writes its address to the outbox and answers; the lookup, the
    // link and the mail come after, so neither the answer nor its timing depends on the account.
    const known = await signUp(bed.t);
    await bed.t.runBackground();
    const unknown = `nobody-${Date.now()}@example.com`;
    await requestReset(bed.t, known.email);
    await requestReset(bed.t, unknown);
    const queued = await queryRows<{ data: unknown }>(
      bed.t.db,
      sql`select data from pgboss.job where name = 'password-reset-request' and state = 'created' order by created_on`,
    );
    expect(queued.map((row) => row.data)).toEqual([
      { email: known.email, redirectTo: RESET_PAGE },
      { email: unknown, redirectTo: RESET_PAGE },
    ]);
    const tokens = () =>
      bed.t.db
        .select({ id: verification.id })
        .from(verification)
        .where(and(eq(verification.value, known.id), like(verification.identifier, "reset-password:%")));
    expect(await tokens()).toEqual([]);
    expect(bed.smtp.mails.filter(mailTo(known.email, subjectIn("ru")))).toEqual([]);

    await mailFor(bed.t, bed.smtp, mailTo(known.email, subjectIn("ru")));
    expect(await tokens()).toHaveLength(1);
    expect(bed.smtp.mails.filter((mail) => mail.to.includes(unknown))).toEqual([]);
  });

  // PGlite is one connection: while a transaction holds it, no request's statement runs at all.
  it.runIf(process.env.TEST_DATABASE_URL)(
    "answers without waiting for any lookup, so a known address takes no longer than an unknown one",
    async () => {
      // Structural rather than a stopwatch (docs/decisions/058): while the account tables are locked, a
      // request that read or wrote them could not answer. Both addresses answer; the mail follows later.
      const known = await signUp(bed.t);
      const unknown = `nobody-${Date.now()}@example.com`;
      let release = () => {};
      const gate = new Promise<void>((resolve) => (release = resolve));
      let locked = () => {};
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const holder = bed.t.db.transaction(async (tx) => {
        await tx.execute(sql`lock table "user", "account", "verification" in access exclusive mode`);
        locked();
        await gate;
      });
      try {
        await isLocked;
        const answered = (email: string) =>
          Promise.race([
            requestReset(bed.t, email).then((res) => res.body),
            new Promise<string>((resolve) => setTimeout(() => resolve("still waiting"), 5000)),
          ]);
        const [forKnown, forUnknown] = [await answered(known.email), await answered(unknown)];
        expect(forKnown).not.toBe("still waiting");
        expect(forUnknown).toBe(forKnown);
      } finally {
        release();
        await holder;
      }
      await mailFor(bed.t, bed.smtp, mailTo(known.email, subjectIn("ru")));
    },
  );

  it("refuses a malformed address or a return page elsewhere with the form's messages", async () => {
    const bad = await postAuth(bed.t, "/request-password-reset", { email: "not-an-email", redirectTo: RESET_PAGE });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: ERR.emailInvalid });
    const account = await signUp(bed.t);
    const elsewhere = await postAuth(bed.t, "/request-password-reset", {
      email: account.email,
      redirectTo: "https://evil.example/reset-password",
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toMatchObject({ code: ERR.badRequest });
  });

  it(`mails one account at most ${ACCOUNT_MAIL.resetMails.limit} times an hour, answering as always`, async () => {
    const account = await signUp(bed.t);
    const answers = [];
    for (let i = 0; i < ACCOUNT_MAIL.resetMails.limit + 2; i++) answers.push((await requestReset(bed.t, account.email)).body);
    expect(new Set(answers).size).toBe(1);
    // Every send has been accepted by the bed.smtp once the background tasks settle.
    await bed.t.runBackground();
    expect(bed.smtp.mails.filter(mailTo(account.email, subjectIn("ru")))).toHaveLength(ACCOUNT_MAIL.resetMails.limit);
  });

  it("is limited per client: a fourth request within a minute answers 429 with our message", async () => {
    const limited = await createTestApp({ rateLimit: true, env: { SMTP_URL: bed.smtp.url } });
    try {
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 4; i++) {
        last = await requestReset(limited, `someone-${i}@example.com`);
        statuses.push(last.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect(last?.json()).toMatchObject({ code: ERR.tooManyRequests });
    } finally {
      await limited.close();
    }
  });
});
