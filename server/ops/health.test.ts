import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import type { Database } from "../../db/database.ts";
import { buildApp } from "../app.ts";
import { createMailer } from "../mail/create-mailer.ts";
import type { Mailer } from "../mail/mailer.ts";
import { pushReachability } from "../push/push-reachability.ts";
import { CHAT_LISTENER_APP_NAME, createPostgresChatBus } from "../realtime/postgres-chat-bus.ts";
import type { Services } from "../services.ts";
import { localFileStore, type FileStore } from "../storage/file-store.ts";
import { startFaultProxy } from "../testing/fault-proxy.ts";
import { startSmtpPeer } from "../testing/smtp-peer.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { READY_CHECK_TIMEOUT_MS } from "./health.ts";

let t: TestApp;
const extraApps: { close(): Promise<unknown> }[] = [];

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  for (const app of extraApps) await app.close();
  await t.close();
});

/** The test app's wiring with some parts replaced: a database that fails, a store that cannot store. */
async function appWith(parts: { db?: Database; services?: Partial<Services> }) {
  const app = await buildApp({
    config: t.config,
    db: parts.db ?? t.db,
    auth: t.auth,
    services: { ...t.services, ...parts.services },
    logger: false,
  });
  extraApps.push(app);
  return app;
}

/** The database with `execute` replaced (what `select 1` goes through). */
function databaseWhoseExecute(execute: () => Promise<never>): Database {
  return new Proxy(t.db, { get: (target, key, receiver) => (key === "execute" ? execute : Reflect.get(target, key, receiver)) });
}

const ready = async (app: { inject: TestApp["app"]["inject"] }) => {
  const res = await app.inject({ method: "GET", url: "/api/ready" });
  return {
    status: res.statusCode,
    body: res.json() as { status: string; degraded?: string[]; checks?: Record<string, { ok: boolean; error?: string }> },
  };
};

describe("GET /api/health and /api/ready", () => {
  it("answers ready with each check when the database, the file store and the bus work", async () => {
    const { status, body } = await ready(t.app);
    expect(status).toBe(200);
    expect(body.status).toBe("ready");
    expect(body.degraded).toEqual([]);
    expect(body.checks).toEqual({
      database: { ok: true, ms: expect.any(Number) },
      storage: { ok: true, ms: expect.any(Number) },
      bus: { ok: true, ms: expect.any(Number) },
      smtp: { ok: true, ms: expect.any(Number) },
      push: { ok: true, ms: expect.any(Number) },
    });
  });

  it("keeps liveness off the database: health is 200 while ready reports the database down", async () => {
    const app = await appWith({ db: databaseWhoseExecute(() => Promise.reject(new Error("connection refused"))) });
    expect((await app.inject({ method: "GET", url: "/api/health" })).json()).toEqual({ status: "ok" });
    const { status, body } = await ready(app);
    expect(status).toBe(503);
    expect(body.status).toBe("unavailable");
    // What failed, never why (the reason is in the log): no addresses or messages leak to whoever asks.
    expect(body.checks?.database).toEqual({ ok: false, ms: expect.any(Number), error: "failed" });
    expect(body.checks?.storage?.ok).toBe(true);
  });

  it("does not wait on a database that hangs: the check times out", async () => {
    const app = await appWith({ db: databaseWhoseExecute(() => new Promise<never>(() => {})) });
    const started = performance.now();
    const { status, body } = await ready(app);
    expect(status).toBe(503);
    expect(body.checks?.database?.error).toBe("timed out");
    expect(performance.now() - started).toBeLessThan(READY_CHECK_TIMEOUT_MS + 1500);
  });

  it("stays ready but degraded when uploads cannot be stored (the local folder is not a writable folder)", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "daywork-ready-"));
    try {
      await expect(localFileStore(path.join(dir, "uploads")).ready?.()).resolves.toBeUndefined();
      // A file where the uploads folder should be: nothing can be stored under it.
      await writeFile(path.join(dir, "blocked"), "");
      const blocked = localFileStore(path.join(dir, "blocked"));
      await expect(blocked.ready?.()).rejects.toThrow();
      const { status, body } = await ready(await appWith({ services: { files: blocked } }));
      // The bucket is every instance's: failing readiness for it took the whole site out of the load balancer.
      expect(status).toBe(200);
      expect(body.status).toBe("degraded");
      expect(body.degraded).toEqual(["storage"]);
      expect(body.checks?.storage).toEqual({ ok: false, ms: expect.any(Number), error: "failed" });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("stays ready but degraded while the file store stalls, and answers within the check's timeout", async () => {
    const files: FileStore = { ...t.services.files, ready: () => new Promise<never>(() => {}) };
    const started = performance.now();
    const { status, body } = await ready(await appWith({ services: { files } }));
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: "degraded", degraded: ["storage"] });
    expect(body.checks?.storage).toEqual({ ok: false, ms: expect.any(Number), error: "timed out" });
    expect(body.checks?.database?.ok).toBe(true);
    expect(performance.now() - started).toBeLessThan(READY_CHECK_TIMEOUT_MS + 1500);
  });

  it("asks a file store without a readiness check nothing (it counts as ready)", async () => {
    const { ready: _ignored, ...withoutReady } = t.services.files;
    const files: FileStore = withoutReady;
    expect((await ready(await appWith({ services: { files } }))).status).toBe(200);
  });

  it("stays ready but degraded while the mail server is down or silent, and ready again once it answers (docs/decisions/064)", async () => {
    const smtp = await startSmtpPeer();
    const gate = await startFaultProxy({ port: Number(new URL(smtp.url).port) });
    const config = { mail: { ...t.config.mail, smtpUrl: `smtp://${gate.host}`, timeoutMs: 300 } };
    const mailers: Mailer[] = [];
    const mailerFor = () => {
      const mailer = createMailer(config, { info() {}, warn() {} });
      mailers.push(mailer);
      return mailer;
    };
    try {
      await gate.set("down");
      const down = await ready(await appWith({ services: { mailer: mailerFor() } }));
      expect(down.status).toBe(200);
      expect(down.body).toMatchObject({ status: "degraded", degraded: ["smtp"] });
      expect(down.body.checks?.smtp).toEqual({ ok: false, ms: expect.any(Number), error: "failed" });

      // Silent after accepting: the check gives up within its own timeout, and the instance still serves.
      await gate.set("stall");
      const started = performance.now();
      const silent = await ready(await appWith({ services: { mailer: mailerFor() } }));
      expect(silent.status).toBe(200);
      expect(silent.body.degraded).toEqual(["smtp"]);
      expect(performance.now() - started).toBeLessThan(READY_CHECK_TIMEOUT_MS + 1500);

      // A send the server takes says it is back, without another check.
      await gate.set("none");
      const mailer = mailerFor();
      const app = await appWith({ services: { mailer } });
      await gate.set("down");
      expect((await ready(app)).body.degraded).toEqual(["smtp"]);
      await gate.set("none");
      await mailer.send({ to: "anna@example.com", subject: "back", text: "back", html: "<p>back</p>" });
      expect((await ready(app)).body).toMatchObject({ status: "ready", degraded: [] });
    } finally {
      for (const mailer of mailers) await mailer.close();
      await gate.close();
      await smtp.close();
    }
  });

  it("stays ready but degraded while the latest push did not reach its push service", async () => {
    const pushes = pushReachability();
    const app = await appWith({ services: { pushReachability: pushes } });
    pushes.record(false);
    const { status, body } = await ready(app);
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: "degraded", degraded: ["push"] });
    pushes.record(true);
    expect((await ready(app)).body).toMatchObject({ status: "ready", degraded: [] });
  });

  it("answers 503 'stopping' once the instance is stopping, while liveness stays 200", async () => {
    const app = await appWith({});
    app.instanceState.stopping = true;
    const { status, body } = await ready(app);
    expect(status).toBe(503);
    expect(body).toEqual({ status: "stopping" });
    expect((await app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    "is unavailable while the chat bus's LISTEN connection is down, and ready again once it is back",
    async () => {
      const sql = t.database.sql;
      if (!sql) throw new Error("no client");
      // A bus that waits half a second before it LISTENs again, so the gap can be seen.
      const chatBus = await createPostgresChatBus(sql, { log: { warn() {}, error() {} }, retryDelayMs: () => 500 });
      extraApps.push(chatBus);
      const app = await appWith({ services: { chatBus } });
      expect((await ready(app)).status).toBe(200);
      const killed = await sql`
        select pg_terminate_backend(pid) as done from pg_stat_activity
        where application_name = ${CHAT_LISTENER_APP_NAME} and datname = current_database() and pid <> pg_backend_pid()`;
      expect(killed.length).toBeGreaterThan(0);
      await vi.waitFor(
        async () => {
          const { status, body } = await ready(app);
          expect(status).toBe(503);
          expect(body.checks?.bus).toEqual({ ok: false, ms: expect.any(Number), error: "failed" });
        },
        { timeout: 5_000, interval: 20 },
      );
      await vi.waitFor(async () => expect((await ready(app)).status).toBe(200), { timeout: 15_000, interval: 50 });
    },
  );
});
