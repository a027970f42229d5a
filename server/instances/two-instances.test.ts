// Two real server instances behind an imagined load balancer: one Postgres database, one S3 bucket
// (s3rver on loopback), one SMTP server, each instance with its own connection pool, buses, background
// workers and listening port. What a person does through one must hold through the other.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import WebSocket from "ws";

import { createApplication, createJob } from "../../db/factories/jobs.ts";
import { createEmployer, createWorker } from "../../db/factories/users.ts";
import { ERR } from "../../domain/errors.ts";
import { pdfBytes } from "../certificates/testing/upload.ts";
import { chatFixture, collectMessages, IMAGES, listen, waitStarted, wsTrpc, type ChatFixture } from "../chat/chat-test-kit.ts";
import { SESSION_ENDED_CLOSE_CODE, SESSION_SWEEP_MS } from "../session/live-sessions.ts";
import { s3FileStore, type S3FileStore } from "../storage/s3-file-store.ts";
import { startS3Peer, type S3Peer } from "../storage/testing/s3-peer.ts";
import { cookieHeader } from "../testing/accounts.ts";
import { startSmtpPeer, type SmtpPeer } from "../testing/smtp-peer.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../testing/test-app.ts";
import { browserHeaders, countingMailer, startInstance, trpcMutation, trpcQuery, type Instance } from "./instance-kit.ts";

/**
 * PGlite is one process's database: instances cannot share it, and LISTEN/NOTIFY does not cross to
 * another process. This file runs with TEST_DATABASE_URL (a real Postgres server).
 */
const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!ON_POSTGRES)(
  "two instances on one Postgres database and one S3 bucket (needs TEST_DATABASE_URL; PGlite is single-process)",
  () => {
    let smtp: SmtpPeer;
    let s3: S3Peer;
    /** Instance A: the test app (its database is this file's fresh copy), listening on a real port. */
    let a: TestApp;
    let aHttp: string;
    let aFiles: S3FileStore;
    let aMails: ReturnType<typeof countingMailer>;
    /** Instance B: another process's worth of server on A's database, configured from the same environment. */
    let b: Instance;
    let f: ChatFixture;
    const closers: (() => unknown)[] = [];

    beforeAll(async () => {
      smtp = await startSmtpPeer();
      s3 = await startS3Peer();
      const bucket = s3.settings();
      aFiles = s3FileStore(bucket);
      a = await createTestApp({
        // Auth's own limits on, counted in the database (better-auth's "database" storage).
        rateLimit: true,
        background: "workers",
        env: {
          SMTP_URL: smtp.url,
          S3_BUCKET: bucket.bucket,
          S3_ENDPOINT: s3.endpoint,
          S3_REGION: bucket.region,
          S3_ACCESS_KEY_ID: "S3RVER",
          S3_SECRET_ACCESS_KEY: "S3RVER",
          S3_FORCE_PATH_STYLE: "true",
        },
        services: { files: aFiles },
      });
      aMails = countingMailer(a.services.mailer);
      a.services.mailer = aMails;
      aHttp = (await listen(a.app)).http;
      if (!a.database.url) throw new Error("needs a Postgres test database");
      // B reads its store from the same configuration (S3_*), as server/main.ts does.
      expect(a.config.s3).toMatchObject({ bucket: bucket.bucket, endpoint: s3.endpoint, forcePathStyle: true });
      b = await startInstance(a.config, { databaseUrl: a.database.url });
      // Five sign-ups: exactly the per-client allowance of a minute; the rest of the file signs up nobody.
      f = await chatFixture(a);
    });
    afterAll(async () => {
      for (const close of closers.reverse()) await close();
      await b?.stop();
      await a?.close();
      aFiles?.close();
      await s3?.close();
      await smtp?.close();
    });

    function socket(url: string | (() => Promise<string>), cookie: string) {
      const opened = wsTrpc(url, cookie);
      closers.push(() => opened.close());
      return opened;
    }

    async function send(base: string, cookie: string, input: { content?: string; imageKey?: string }) {
      const { status, body } = await trpcMutation(base, "chat.send", { conversationId: f.conversationId, ...input }, cookie);
      expect(status, JSON.stringify(body)).toBe(200);
      return body.result?.data.json.id as number;
    }

    async function upload(base: string, path: string, cookie: string, fields: [string, string | Blob, string?][]) {
      const form = new FormData();
      for (const [name, value, fileName] of fields) {
        if (typeof value === "string") form.append(name, value);
        else form.append(name, value, fileName);
      }
      const res = await fetch(`${base}${path}`, { method: "POST", headers: browserHeaders(cookie), body: form });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    }

    it("a chat image and a certificate uploaded through A open through B's signed links, and A's links work on B", async () => {
      const image = await upload(aHttp, "/api/chat/images", f.accepted.cookie, [
        ["conversationId", f.conversationId],
        ["file", new Blob([new Uint8Array(IMAGES.png)], { type: "image/png" }), "photo.png"],
      ]);
      expect(image.status).toBe(201);
      const messageId = await send(aHttp, f.accepted.cookie, { imageKey: String(image.body.imageKey) });
      const link = await trpcQuery(b.http, "chat.imageUrl", { messageId }, f.owner.cookie);
      const served = await fetch(`${b.http}${String(link.body.result?.data.json.url)}`);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/png");
      expect(served.headers.get("x-content-type-options")).toBe("nosniff");
      expect(Buffer.from(await served.arrayBuffer()).equals(IMAGES.png)).toBe(true);

      const pdf = pdfBytes(200_000);
      const certificate = await upload(aHttp, "/api/certificates", f.accepted.cookie, [
        ["file", new Blob([new Uint8Array(pdf)], { type: "application/pdf" }), "Safety training.pdf"],
      ]);
      expect(certificate.status).toBe(201);
      const id = String(certificate.body.id);
      for (const [issuer, server] of [
        [b.http, b.http],
        [aHttp, b.http],
      ] as const) {
        const answer = await trpcQuery(issuer, "certificates.link", { id }, f.accepted.cookie);
        const res = await fetch(`${server}${String(answer.body.result?.data.json.url)}`);
        expect(res.status).toBe(200);
        expect(res.headers.get("content-disposition")).toBe(
          `attachment; filename*=UTF-8''${encodeURIComponent("Safety training.pdf")}`,
        );
        expect(res.headers.get("cache-control")).toMatch(/^private, max-age=(3600|359\d)$/);
        expect(Buffer.from(await res.arrayBuffer()).equals(pdf)).toBe(true);
      }
    });

    it("a chat message sent through A arrives live on B's WebSocket subscriber", async () => {
      const { client } = socket(b.ws, f.accepted.cookie);
      const sub = collectMessages(client, { conversationId: f.conversationId });
      await waitStarted(sub);
      const id = await send(aHttp, f.owner.cookie, { content: "sent through A" });
      await sub.waitFor(1);
      expect(sub.received).toEqual([expect.objectContaining({ id, content: "sent through A", senderName: "Olga Owner" })]);
      sub.unsubscribe();
    });

    it("a sign-out through A ends the session's sockets on B within a second", async () => {
      const signIn = await fetch(`${aHttp}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { ...browserHeaders(), "content-type": "application/json" },
        body: JSON.stringify({ email: f.accepted.email, password: f.accepted.password }),
      });
      expect(signIn.status).toBe(200);
      const cookie = cookieHeader(signIn.headers.getSetCookie());
      const ws = new WebSocket(b.ws, { headers: { cookie, origin: TEST_ORIGIN } });
      closers.push(() => ws.close());
      const closed = new Promise<number>((resolve) => ws.on("close", (code) => resolve(code)));
      await new Promise((resolve) => ws.once("open", resolve));
      const out = await fetch(`${aHttp}/api/auth/sign-out`, {
        method: "POST",
        headers: { ...browserHeaders(cookie), "content-type": "application/json" },
        body: "{}",
      });
      expect(out.status).toBe(200);
      const started = Date.now();
      expect(await closed).toBe(SESSION_ENDED_CLOSE_CODE);
      expect(Date.now() - started).toBeLessThan(1000 + SESSION_SWEEP_MS);
    });

    it("limits are shared: once A refuses, B refuses too (a person's messages, and a client's reset mails)", async () => {
      let status = 200;
      for (let sent = 0; status === 200; sent += 1) {
        expect(sent).toBeLessThanOrEqual(100);
        status = (
          await trpcMutation(
            aHttp,
            "chat.send",
            { conversationId: f.conversationId, content: `flood ${sent}` },
            f.accepted.cookie,
          )
        ).status;
      }
      expect(status).toBe(429);
      const onB = await trpcMutation(
        b.http,
        "chat.send",
        { conversationId: f.conversationId, content: "on B" },
        f.accepted.cookie,
      );
      expect(onB.status).toBe(429);
      expect(onB.body.error?.json.data).toMatchObject({ messageKey: ERR.chatTooFast, retryAfterSeconds: expect.any(Number) });

      const askReset = (base: string, n: number) =>
        fetch(`${base}/api/auth/request-password-reset`, {
          method: "POST",
          headers: { ...browserHeaders(), "content-type": "application/json" },
          body: JSON.stringify({ email: `nobody-${n}@example.com`, redirectTo: `${TEST_ORIGIN}/reset-password` }),
        }).then((res) => res.status);
      const onA: number[] = [];
      while (onA.at(-1) !== 429) {
        expect(onA.length).toBeLessThanOrEqual(10);
        onA.push(await askReset(aHttp, onA.length));
      }
      expect(onA.slice(0, -1).every((s) => s === 200)).toBe(true);
      expect(await askReset(b.http, 99)).toBe(429);
    });

    it("background work runs once: each notification's e-mail is sent once though both instances work the queue", async () => {
      const owner = await createEmployer(a.db);
      const job = await createJob(a.db, owner.id, { maxWorkers: 20 });
      const workers = await Promise.all(Array.from({ length: 16 }, () => createWorker(a.db)));
      for (const worker of workers) {
        const application = await createApplication(a.db, job.id, worker.id);
        await a.callerAs(owner.id).applications.accept({ applicationId: application.id });
      }
      const addresses = new Set(workers.map((w) => w.email));
      const delivered = () => smtp.mails.filter((mail) => mail.to.some((to) => addresses.has(to)));
      await vi.waitFor(() => expect(delivered()).toHaveLength(16), { timeout: 20_000, interval: 100 });
      // Time for a second delivery to show up, if there were one.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(delivered()).toHaveLength(16);
      expect(new Set(delivered().flatMap((mail) => mail.to)).size).toBe(16);
      // Both took part (each job is woken on both; runs here split about evenly, 5/5 and 4/6 of 10):
      // the work was shared, and still done once.
      const byA = aMails.sentTo.filter((to) => addresses.has(to)).length;
      const byB = b.mailsSentTo.filter((to) => addresses.has(to)).length;
      expect(byA + byB).toBe(16);
      expect(byA).toBeGreaterThan(0);
      expect(byB).toBeGreaterThan(0);
    });

    it("a rolling restart of B loses no message: its client resumes from its last event on the new B", async () => {
      // The load balancer sends a reconnect to B only once B runs again.
      let bRunning: Promise<void> = Promise.resolve();
      let started = () => {};
      const { client, timesOpened } = socket(async () => {
        await bRunning;
        return b.ws;
      }, f.accepted.cookie);
      const sub = collectMessages(client, { conversationId: f.conversationId });
      await waitStarted(sub);
      const before = await send(aHttp, f.owner.cookie, { content: "before the restart" });
      await sub.waitFor(1);

      bRunning = new Promise((resolve) => {
        started = resolve;
      });
      const port = b.port;
      await b.stop();
      const meanwhile = [
        await send(aHttp, f.owner.cookie, { content: "while B is down 1" }),
        await send(aHttp, f.owner.cookie, { content: "while B is down 2" }),
      ];
      b = await startInstance(a.config, { databaseUrl: a.database.url ?? "", port });
      started();
      await sub.waitFor(3);
      const after = await send(b.http, f.owner.cookie, { content: "through the new B" });
      await sub.waitFor(4);

      expect(sub.ids()).toEqual([before, ...meanwhile, after]);
      expect(sub.errors).toEqual([]);
      expect(timesOpened()).toBe(2);
      sub.unsubscribe();
    });
  },
);
