// Account mails through the outbox (issue 36, docs/decisions/064): queued in the request that asks for
// them, sent by the background worker over a real SMTP peer behind a gate that puts the mail server down
// or makes it hang; retried until the server takes them, each once, with links that work when they come.
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import { queryRows } from "../../db/database.ts";
import { m } from "../i18n/paraglide/messages.js";
import { createMailer } from "../mail/create-mailer.ts";
import type { Mailer } from "../mail/mailer.ts";
import { signUp } from "../testing/accounts.ts";
import { startFaultProxy, type FaultProxy } from "../testing/fault-proxy.ts";
import { startSmtpPeer, type ReceivedMail, type SmtpPeer } from "../testing/smtp-peer.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../testing/test-app.ts";
import { linkToken, mailTo, postAuth } from "./account-mail-test-kit.ts";

const SMTP_TIMEOUT_MS = 500;
const resetSubject = m.mail_reset_subject({}, { locale: "ru" });
const verifySubject = m.mail_verify_subject({}, { locale: "ru" });
const unlockSubject = m.mail_unlock_subject({}, { locale: "ru" });

let smtp: SmtpPeer;
let gate: FaultProxy;
/** Runs its queue's workers as a server does, with a one-second first retry and a short SMTP timeout. */
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  gate = await startFaultProxy({ port: Number(new URL(smtp.url).port) });
  t = await createTestApp({
    background: "workers",
    env: { SMTP_URL: `smtp://${gate.host}`, MAIL_RETRY_DELAY_SECONDS: "1", SMTP_TIMEOUT_MS: String(SMTP_TIMEOUT_MS) },
  });
});
afterEach(() => gate.set("none"));
afterAll(async () => {
  await t.close();
  await gate.close();
  await smtp.close();
});

const requestReset = (app: TestApp, email: string) =>
  postAuth(app, "/request-password-reset", { email, redirectTo: `${TEST_ORIGIN}/reset-password` });

/** Account-mail jobs of `userId` waiting for a retry after a failed try. */
async function retrying(app: TestApp, userId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    app.db,
    sql`select count(*)::int as n from pgboss.job
        where name = 'account-mail' and state = 'retry' and data->>'userId' = ${userId}`,
  );
  return row?.n ?? 0;
}

/** Waits until no account mail is queued, running or waiting for a retry. */
async function outboxEmpty(app: TestApp) {
  await vi.waitFor(
    async () => {
      const depth = await app.services.queue.depth();
      const mailQueues = depth.filter((row) => row.queue === "account-mail" || row.queue === "password-reset-request");
      expect(mailQueues.every((row) => row.queued === 0 && row.active === 0)).toBe(true);
    },
    { timeout: 15_000, interval: 100 },
  );
}

const mailsTo = (email: string, subject: string) => smtp.mails.filter(mailTo(email, subject));

describe("account mails while the mail server is down", () => {
  it("are still asked for with a 200, and arrive once it is back, once each, with links that work", async () => {
    await gate.set("down");
    const account = await signUp(t);
    expect((await requestReset(t, account.email)).statusCode).toBe(200);
    // The worker tried both, failed, and will try again.
    await vi.waitFor(async () => expect(await retrying(t, account.id)).toBe(2), { timeout: 10_000, interval: 100 });
    expect(smtp.mails.filter((mail) => mail.to.includes(account.email))).toEqual([]);

    await gate.set("none");
    const reset = await smtp.waitFor(mailTo(account.email, resetSubject), 15_000);
    const confirmation = await smtp.waitFor(mailTo(account.email, verifySubject), 15_000);
    await outboxEmpty(t);
    expect(mailsTo(account.email, resetSubject)).toHaveLength(1);
    expect(mailsTo(account.email, verifySubject)).toHaveLength(1);

    const resetToken = linkToken(t, reset, "/reset-password");
    expect((await postAuth(t, "/reset-password", { token: resetToken, newPassword: "after-the-outage" })).statusCode).toBe(200);
    const verifyToken = linkToken(t, confirmation, "/verify-email");
    const verified = await t.app.inject({ method: "GET", url: `/api/auth/verify-email?token=${verifyToken}` });
    expect(verified.statusCode).toBe(200);
  });

  it("are never mailed to an address without an account, down or up", async () => {
    await gate.set("down");
    const unknown = `nobody-${Date.now()}@example.com`;
    expect((await requestReset(t, unknown)).statusCode).toBe(200);
    await gate.set("none");
    await outboxEmpty(t);
    expect(smtp.mails.filter((mail) => mail.to.includes(unknown))).toEqual([]);
  });
});

describe("a mail server that accepts the connection and then says nothing", () => {
  it(`holds each try at most about SMTP_TIMEOUT_MS (${SMTP_TIMEOUT_MS} ms), then the mail is tried again and arrives`, async () => {
    await gate.set("stall");
    const acceptedBefore = gate.accepted;
    const started = performance.now();
    const account = await signUp(t);
    await vi.waitFor(async () => expect(await retrying(t, account.id)).toBe(1), { timeout: 10_000, interval: 50 });
    // A poll of the queue (0.5 s here), the silent greeting (the timeout), and the failure recorded.
    expect(performance.now() - started).toBeLessThan(SMTP_TIMEOUT_MS + 3_000);
    await vi.waitFor(() => expect(gate.accepted - acceptedBefore).toBeGreaterThanOrEqual(2), { timeout: 10_000 });

    await gate.set("none");
    await smtp.waitFor(mailTo(account.email, verifySubject), 15_000);
    await outboxEmpty(t);
    expect(mailsTo(account.email, verifySubject)).toHaveLength(1);
  });
});

describe("a worker that dies after the mail server took a mail, before the job is marked done", () => {
  /** A mailer that sends for real and then fails, as if the worker died right after the server's answer. */
  function dyingAfterSend(real: Mailer, subjects: string[]) {
    const pending = new Set(subjects);
    const mailer: Mailer = {
      async send(mail) {
        await real.send(mail);
        if (pending.delete(mail.subject)) throw new Error("worker killed after the server took the mail");
      },
      close: () => real.close(),
    };
    return mailer;
  }

  it("sends it again with the same Message-ID, and the links of both copies work", async () => {
    const config = { mail: { ...t.config.mail, smtpUrl: smtp.url } };
    const silent = { info: () => {}, warn: () => {} };
    const app = await createTestApp({
      env: { SMTP_URL: smtp.url, MAIL_RETRY_DELAY_SECONDS: "1" },
      services: { mailer: dyingAfterSend(createMailer(config, silent), [resetSubject, unlockSubject]) },
    });
    try {
      const account = await signUp(app);
      await app.runBackground();
      expect((await requestReset(app, account.email)).statusCode).toBe(200);
      for (let i = 0; i < 5; i++) await postAuth(app, "/sign-in/email", { email: account.email, password: `wrong-${i}` });
      await app.runBackground();
      expect(await retrying(app, account.id)).toBe(1);
      // The retries' time has come.
      await app.db.execute(sql`update pgboss.job set start_after = now() where name = 'account-mail' and state = 'retry'`);
      await app.runBackground();

      const resets = mailsTo(account.email, resetSubject);
      expect(resets).toHaveLength(2);
      const [first, second] = resets as [ReceivedMail, ReceivedMail];
      expect(first.headers["message-id"]).toMatch(/^<account-mail-[\w-]+@localhost>$/);
      expect(second.headers["message-id"]).toBe(first.headers["message-id"]);
      // Whichever copy the receiver keeps, its link works.
      const [firstToken, secondToken] = [linkToken(app, first, "/reset-password"), linkToken(app, second, "/reset-password")];
      expect(firstToken).not.toBe(secondToken);
      expect((await postAuth(app, "/reset-password", { token: firstToken, newPassword: "first-copy-secret" })).statusCode).toBe(
        200,
      );
      expect((await postAuth(app, "/reset-password", { token: secondToken, newPassword: "second-copy-secret" })).statusCode).toBe(
        200,
      );

      // The unlock mail's link is the same in both copies (made from the claim, never stored in the outbox).
      const unlocks = mailsTo(account.email, unlockSubject);
      expect(unlocks).toHaveLength(2);
      expect(unlocks[1]?.headers["message-id"]).toBe(unlocks[0]?.headers["message-id"]);
      const unlockOf = (mail: ReceivedMail | undefined) => /unlock=([\w-]+)/.exec(mail?.text ?? "")?.[1];
      expect(unlockOf(unlocks[0])).toBeDefined();
      expect(unlockOf(unlocks[1])).toBe(unlockOf(unlocks[0]));
    } finally {
      await app.close();
    }
  });

  it("keeps no link in the outbox: a queued account mail names whom and where, never a token", async () => {
    const app = await createTestApp({ env: { SMTP_URL: smtp.url } });
    try {
      const account = await signUp(app);
      await requestReset(app, account.email);
      for (let i = 0; i < 5; i++) await postAuth(app, "/sign-in/email", { email: account.email, password: `wrong-${i}` });
      await app.runBackground();
      const jobs = await queryRows<{ data: Record<string, unknown> }>(
        app.db,
        sql`select data from pgboss.job where name in ('account-mail', 'password-reset-request')`,
      );
      expect(jobs.map((job) => job.data.kind ?? "password-reset-request").sort()).toEqual([
        "password-reset",
        "password-reset-request",
        "sign-in-unlock",
        "verification",
      ]);
      const named = new Set(["kind", "userId", "email", "origin", "callbackURL", "redirectTo"]);
      for (const { data } of jobs) {
        expect(Object.keys(data).filter((key) => !named.has(key))).toEqual([]);
        expect(JSON.stringify(data)).not.toMatch(/token/i);
      }
    } finally {
      await app.close();
    }
  });
});
