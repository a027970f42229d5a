// Helpers of the account-mail tests: requests as a page of ours sends them, and reading a mail's link.
import { expect } from "vitest";

import { linksIn } from "../mail/create-mailer.ts";
import { cookieHeader } from "../testing/accounts.ts";
import type { ReceivedMail, SmtpPeer } from "../testing/smtp-peer.ts";
import type { TestApp } from "../testing/test-app.ts";

/** A POST to better-auth from one of our pages (Origin set), with a session cookie when given. */
export function postAuth(t: TestApp, path: string, payload: object, cookie?: string) {
  return t.app.inject({
    method: "POST",
    url: `/api/auth${path}`,
    payload,
    headers: { origin: t.config.publicUrl, ...(cookie ? { cookie } : {}) },
  });
}

/** What `profiles.me` says for this cookie: null when the session is gone. */
export async function me(t: TestApp, cookie: string) {
  const res = await t.app.inject({ method: "GET", url: "/api/trpc/profiles.me", headers: { cookie } });
  type Me = { user: { id: string; emailVerified: boolean } } | null;
  return (res.json() as { result: { data: { json: Me } } }).result.data.json;
}

/** Signs in over HTTP (another device) and returns that session's cookie. */
export async function signInElsewhere(t: TestApp, email: string, password: string): Promise<string> {
  const res = await postAuth(t, "/sign-in/email", { email, password });
  expect(res.statusCode).toBe(200);
  return cookieHeader(res.headers["set-cookie"]);
}

/** The token of the mail's one link to `path` on our site (the text and HTML parts name the same link). */
export function linkToken(t: TestApp, mail: ReceivedMail, path: string): string {
  const links = linksIn(mail).filter((link) => new URL(link).pathname === path);
  expect(new Set(links).size, `one link to ${path} in "${mail.subject}"`).toBe(1);
  const link = new URL(links[0] ?? "");
  expect(link.origin).toBe(new URL(t.config.publicUrl).origin);
  const token = link.searchParams.get("token");
  expect(token).toBeTruthy();
  return token ?? "";
}

/** A mail to `email` whose subject is `subject`. */
export const mailTo = (email: string, subject: string) => (mail: ReceivedMail) =>
  mail.to.includes(email) && mail.subject === subject;

/**
 * The first mail that matches, once `t`'s queued background work has run: account mails wait in the
 * outbox until a worker sends them (docs/decisions/064), and test apps run it when asked.
 */
export async function mailFor(t: TestApp, smtp: SmtpPeer, match: (mail: ReceivedMail) => boolean): Promise<ReceivedMail> {
  await t.runBackground();
  return smtp.waitFor(match);
}
