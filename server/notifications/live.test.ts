import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { createApplication, createJob } from "../../db/factories/jobs.ts";
import { createEmployer, createWorker } from "../../db/factories/users.ts";
import { openDatabase } from "../../db/open.ts";
import { notifications } from "../../db/schema/index.ts";
import { BACKGROUND_JOBS } from "../background-jobs.ts";
import { backgroundHandlers } from "../background-work.ts";
import { listen, wsTrpc } from "../chat/chat-test-kit.ts";
import { startBackgroundQueue } from "../queue/background-queue.ts";
import { signUpMember } from "../testing/accounts.ts";
import { startSmtpPeer, type SmtpPeer } from "../testing/smtp-peer.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import type { PersonChange } from "./live-changes.ts";

let smtp: SmtpPeer;
let t: TestApp;
let wsUrl: string;
const closers: (() => unknown)[] = [];

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp({ env: { SMTP_URL: smtp.url }, background: "workers" });
  wsUrl = (await listen(t.app)).ws;
});
afterAll(async () => {
  for (const close of closers.reverse()) await close();
  await t.close();
  await smtp.close();
});

function changesOf(cookie: string) {
  const socket = wsTrpc(wsUrl, cookie);
  closers.push(() => socket.close());
  const seen: PersonChange[] = [];
  const subscription = socket.client.notifications.onChange.subscribe(undefined, { onData: (change) => seen.push(change) });
  closers.push(() => subscription.unsubscribe());
  return seen;
}

describe("notifications.onChange over a real WebSocket", () => {
  it("tells the worker's open page at once when they are hired, with the new count; a chat message as `chat`", async () => {
    const owner = await signUpMember(t, { name: "Olga Owner", userType: "employer" });
    const worker = await signUpMember(t, { name: "Wanda Worker" });
    const job = await createJob(t.db, owner.id);
    const application = await createApplication(t.db, job.id, worker.id);
    const seen = changesOf(worker.cookie);
    await vi.waitFor(() => expect(seen).toEqual([{ event: "resync", unread: 0 }]));

    await t.callerAs(owner.id).applications.accept({ applicationId: application.id });
    await vi.waitFor(() => expect(seen.at(-1)).toEqual({ event: "notice", unread: 1 }));

    const { id: conversationId } = await t.callerAs(owner.id).chat.conversationForJob({ jobId: job.id });
    await t.callerAs(owner.id).chat.send({ conversationId, content: "See you at 8:00" });
    await vi.waitFor(() => expect(seen.at(-1)).toEqual({ event: "chat", unread: 1 }));

    // Someone else's news never reaches this socket.
    const other = await createWorker(t.db);
    const before = seen.length;
    await t.callerAs(owner.id).applications.accept({ applicationId: (await createApplication(t.db, job.id, other.id)).id });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen.length).toBe(before);
  });
});

describe("several instances running the background work", () => {
  beforeAll(async () => {
    // A second instance: on Postgres its own connections to the same database; on PGlite (one process)
    // a second pg-boss on the same embedded database.
    const database = t.database.url ? await openDatabase({ databaseUrl: t.database.url, maxConnections: 5 }) : null;
    const queue = await startBackgroundQueue((database ?? t.database).queue, BACKGROUND_JOBS, {
      log: { info() {}, warn() {} },
      schedule: false,
      pollingSeconds: 0.5,
    });
    await queue.work(backgroundHandlers(database?.db ?? t.db, { ...t.services, queue }, t.config));
    closers.push(async () => {
      await queue.stop();
      await database?.close();
    });
  });

  it("deliver each notification's e-mail exactly once", async () => {
    const owner = await createEmployer(t.db);
    const job = await createJob(t.db, owner.id, { maxWorkers: 20 });
    const workers = await Promise.all(Array.from({ length: 12 }, () => createWorker(t.db)));
    for (const worker of workers) {
      const application = await createApplication(t.db, job.id, worker.id);
      await t.callerAs(owner.id).applications.accept({ applicationId: application.id });
    }
    const addresses = new Set(workers.map((w) => w.email));
    const delivered = () => smtp.mails.filter((mail) => mail.to.some((to) => addresses.has(to)));
    await vi.waitFor(() => expect(delivered()).toHaveLength(12), { timeout: 15_000, interval: 100 });
    // Time for a double delivery to show up, if there were one.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(delivered()).toHaveLength(12);
    expect(new Set(delivered().flatMap((mail) => mail.to)).size).toBe(12);
    for (const worker of workers) {
      const [row] = await t.db
        .select({ emailedAt: notifications.emailedAt })
        .from(notifications)
        .where(eq(notifications.userId, worker.id));
      expect(row?.emailedAt).not.toBeNull();
    }
  });
});
