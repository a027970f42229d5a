// Address confirmation over real HTTP with a real SMTP peer (docs/decisions/017): the mail sent at
// sign-up, in the language the person signed up in; its link confirms the address; "send again" only for
// the signed-in person, a few times an hour; a broken or expired link reads as such.
import { createEmailVerificationToken } from "better-auth/api";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { user } from "../../db/schema/index.ts";
import { ERR } from "../../domain/errors.ts";
import { ACCOUNT_MAIL } from "../../domain/limits.ts";
import { m } from "../i18n/paraglide/messages.js";
import { linksIn } from "../mail/create-mailer.ts";
import { cookieHeader, signUp } from "../testing/accounts.ts";
import { mailTestbed } from "../testing/mail-testbed.ts";
import { createTestApp, TEST_ORIGIN } from "../testing/test-app.ts";
import { linkToken, mailFor, mailTo, me, postAuth } from "./account-mail-test-kit.ts";

const bed = mailTestbed();

const VERIFY_PAGE = `${TEST_ORIGIN}/verify-email`;
const subjectIn = (locale: "kk" | "ru" | "en") => m.mail_verify_subject({}, { locale });

let counter = 0;
/** Signs up as the sign-up form does: in the interface's language, asking to come back to /verify-email. */
async function signUpIn(language: string, callbackURL = VERIFY_PAGE) {
  counter += 1;
  const email = `confirm-${counter}-${Date.now()}@example.com`;
  const res = await postAuth(bed.t, "/sign-up/email", {
    email,
    password: "secret123",
    name: "Aigerim Nurlanqyzy",
    ageConfirmed: true,
    consentDataProcessing: true,
    termsAccepted: true,
    language,
    callbackURL,
  });
  expect(res.statusCode).toBe(200);
  return { email, id: (res.json() as { user: { id: string } }).user.id, cookie: cookieHeader(res.headers["set-cookie"]) };
}

function followLink(token: string) {
  return bed.t.app.inject({ method: "GET", url: `/api/auth/verify-email?token=${encodeURIComponent(token)}` });
}

async function emailVerified(id: string) {
  const [row] = await bed.t.db.select({ verified: user.emailVerified }).from(user).where(eq(user.id, id));
  return row?.verified;
}

function resend(cookie: string | undefined, email: string) {
  return postAuth(bed.t, "/send-verification-email", { email, callbackURL: VERIFY_PAGE }, cookie);
}

describe("the confirmation mail sent at sign-up", () => {
  it("arrives in the sign-up's language, and its link confirms the address", async () => {
    const account = await signUpIn("kk");
    expect(await me(bed.t, account.cookie)).toMatchObject({ user: { emailVerified: false } });
    const mail = await mailFor(bed.t, bed.smtp, mailTo(account.email, subjectIn("kk")));
    expect(mail.text).toContain(m.mail_verify_body({}, { locale: "kk" }));
    expect(mail.text).toContain(m.mail_greeting({ name: "Aigerim Nurlanqyzy" }, { locale: "kk" }));
    const token = linkToken(bed.t, mail, "/verify-email");

    const res = await followLink(token);
    expect(res.statusCode).toBe(200);
    expect(await emailVerified(account.id)).toBe(true);
    // What the banner reads: gone once confirmed.
    expect(await me(bed.t, account.cookie)).toMatchObject({ user: { emailVerified: true } });
    // Following it again (a second click, a mail scanner) changes nothing and refuses nothing.
    expect((await followLink(token)).statusCode).toBe(200);
  });

  it("carries where the person was going, when it is a path of ours (docs/decisions/053)", async () => {
    const cases: [string, string | null][] = [
      ["/post-job", "/post-job"],
      ["//evil.example/post-job", null],
      ["/\\evil.example", null],
      ["https://evil.example/", null],
    ];
    for (const [asked, carried] of cases) {
      const callback = new URL(VERIFY_PAGE);
      callback.searchParams.set("redirect", asked);
      const account = await signUpIn("en", callback.href);
      const mail = await mailFor(bed.t, bed.smtp, mailTo(account.email, subjectIn("en")));
      linkToken(bed.t, mail, "/verify-email");
      const link = linksIn(mail)
        .map((l) => new URL(l))
        .find((l) => l.pathname === "/verify-email");
      expect(link?.origin, asked).toBe(new URL(bed.t.config.publicUrl).origin);
      expect(link?.searchParams.get("redirect") ?? null, asked).toBe(carried);
    }
  });

  it("confirms from any device: the link needs no session", async () => {
    const account = await signUpIn("ru");
    const token = linkToken(bed.t, await mailFor(bed.t, bed.smtp, mailTo(account.email, subjectIn("ru"))), "/verify-email");
    expect((await followLink(token)).statusCode).toBe(200);
    expect(await emailVerified(account.id)).toBe(true);
  });

  it("refuses a forged, expired or broken link with the link's message", async () => {
    const account = await signUpIn("en");
    const forged = await createEmailVerificationToken("not-our-secret-not-our-secret-0000", account.email, undefined, 3600, {
      userId: account.id,
    });
    const expired = await createEmailVerificationToken(bed.t.config.authSecret, account.email, undefined, -60, {
      userId: account.id,
    });
    // A well-formed token better-auth refuses keeps its status (401); one that is not a token is a 400.
    const refusals: [string, number][] = [
      [forged, 401],
      [expired, 401],
      ["not-a-token", 401],
      ["<script>", 400],
      ["", 400],
    ];
    for (const [token, status] of refusals) {
      const res = await followLink(token);
      expect(res.statusCode, token.slice(0, 20)).toBe(status);
      expect(res.json()).toMatchObject({ code: ERR.verifyLinkInvalid });
    }
    expect(await emailVerified(account.id)).toBe(false);
  });

  it("carries a link that works for a day (ACCOUNT_MAIL.verifyLinkSeconds)", async () => {
    const account = await signUpIn("en");
    const token = linkToken(bed.t, await mailFor(bed.t, bed.smtp, mailTo(account.email, subjectIn("en"))), "/verify-email");
    const [, payload] = token.split(".");
    const claims = JSON.parse(Buffer.from(payload ?? "", "base64url").toString()) as { exp: number; iat: number };
    expect(claims.exp - claims.iat).toBe(ACCOUNT_MAIL.verifyLinkSeconds);
  });
});

describe("send the link again", () => {
  it("mails the signed-in person a new link, to their own address whatever the request names", async () => {
    const account = await signUpIn("en");
    const other = await signUp(bed.t);
    await mailFor(bed.t, bed.smtp, mailTo(account.email, subjectIn("en")));
    const before = bed.smtp.mails.filter(mailTo(account.email, subjectIn("en"))).length;
    const res = await resend(account.cookie, other.email);
    expect(res.statusCode).toBe(200);
    await bed.t.runBackground();
    expect(bed.smtp.mails.filter(mailTo(account.email, subjectIn("en")))).toHaveLength(before + 1);
    expect(bed.smtp.mails.filter(mailTo(other.email, subjectIn("en")))).toEqual([]);
    const newest = bed.smtp.mails.filter(mailTo(account.email, subjectIn("en"))).at(-1);
    if (!newest) throw new Error("no confirmation mail");
    const token = linkToken(bed.t, newest, "/verify-email");
    expect((await followLink(token)).statusCode).toBe(200);
    expect(await emailVerified(account.id)).toBe(true);
  });

  it("refuses a visitor and an address already confirmed", async () => {
    const visitor = await resend(undefined, "someone@example.com");
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toMatchObject({ code: ERR.unauthorized });
    const account = await signUpIn("en");
    const token = linkToken(bed.t, await mailFor(bed.t, bed.smtp, mailTo(account.email, subjectIn("en"))), "/verify-email");
    await followLink(token);
    const confirmed = await resend(account.cookie, account.email);
    expect(confirmed.statusCode).toBe(400);
    expect(confirmed.json()).toMatchObject({ code: ERR.emailAlreadyVerified });
  });

  it(`sends at most ${ACCOUNT_MAIL.verificationResends.limit} an hour per account, then answers 429 with our message`, async () => {
    const account = await signUpIn("en");
    for (let i = 0; i < ACCOUNT_MAIL.verificationResends.limit; i++) {
      expect((await resend(account.cookie, account.email)).statusCode).toBe(200);
    }
    const refused = await resend(account.cookie, account.email);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: ERR.tooManyRequests });
  });

  it("is limited per client too", async () => {
    const limited = await createTestApp({ rateLimit: true, env: { SMTP_URL: bed.smtp.url } });
    try {
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 4; i++) {
        last = await postAuth(limited, "/send-verification-email", { email: "someone@example.com" });
        statuses.push(last.statusCode);
      }
      // Three visitors refused for having no session, then the client's limit.
      expect(statuses).toEqual([401, 401, 401, 429]);
      expect(last?.json()).toMatchObject({ code: ERR.tooManyRequests });
    } finally {
      await limited.close();
    }
  });
});
