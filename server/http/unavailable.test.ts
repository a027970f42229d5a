import type { AddressInfo } from "node:net";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";

import { openDatabase, type OpenedDatabase } from "../../db/open.ts";
import { CANCEL_GRACE_MS } from "../../db/request-deadline.ts";
import { openTestDatabase, type TestDatabase } from "../../db/testing/test-database.ts";
import { ERR } from "../../domain/errors.ts";
import { buildApp } from "../app.ts";
import { createAuth } from "../auth.ts";
import { loadConfig } from "../config.ts";
import { startServices, stopServices } from "../instance-services.ts";
import { browserHeaders, trpcMutation, trpcQuery } from "../instances/instance-kit.ts";
import type { Services } from "../services.ts";
import { localFileStore } from "../storage/file-store.ts";
import { startFaultProxy, type FaultProxy } from "../testing/fault-proxy.ts";
import { TEST_ORIGIN } from "../testing/test-app.ts";
import { UNAVAILABLE_RETRY_SECONDS } from "./unavailable.ts";

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const DEADLINE_MS = 1500;
const CONNECT_TIMEOUT_MS = 1000;
const silent = { info() {}, warn() {} };

/** A sign-up's session cookie, from its Set-Cookie headers. */
function cookieOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

// The outage is a TCP proxy in front of the shared server (server/testing/fault-proxy.ts), which only a real
// Postgres has; the app reaches its database only through it.
describe.skipIf(!onPostgres)("Postgres down, hung or slow: a quick 503 try again (docs/decisions/062)", () => {
  let database: TestDatabase;
  let proxy: FaultProxy;
  /** `databaseUrl` with its host and port replaced by the proxy's. */
  const viaProxy = (databaseUrl: string, through: FaultProxy) => {
    const at = new URL(databaseUrl);
    at.host = through.host;
    return at.toString();
  };
  let opened: OpenedDatabase;
  let services: Services;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let base: string;
  let cookie: string;
  let userId: string;
  let direct: postgres.Sql;

  beforeAll(async () => {
    database = await openTestDatabase();
    const url = database.url ?? "";
    const target = new URL(url);
    proxy = await startFaultProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const config = loadConfig({
      NODE_ENV: "test",
      PUBLIC_URL: TEST_ORIGIN,
      DATA_DIR: "./.data-test",
      BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
      AUTH_RATE_LIMIT: "false",
      STATIC_DIR: "./.data-test/no-static",
      LOG_LEVEL: "silent",
      REQUEST_DEADLINE_MS: String(DEADLINE_MS),
      DATABASE_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
    });
    opened = await openDatabase({ databaseUrl: viaProxy(url, proxy), maxConnections: 4, timeouts: config.databaseTimeouts });
    services = await startServices(opened, config, {
      files: localFileStore("./.data-test/unavailable-uploads"),
      log: silent,
      queue: { schedule: false, pollingSeconds: 60 },
    });
    const auth = createAuth({ db: opened.db, config, mail: { queue: services.queue, log: services.log } });
    app = await buildApp({ config, db: opened.db, auth, services, logger: false });
    await app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    direct = postgres(url, { max: 2, onnotice: () => {} });

    const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { ...browserHeaders(), "content-type": "application/json" },
      body: JSON.stringify({
        email: "outage@example.com",
        password: "secret123",
        name: "Outage",
        ageConfirmed: true,
        consentDataProcessing: true,
        termsAccepted: true,
      }),
    });
    expect(signUp.status).toBe(200);
    cookie = cookieOf(signUp);
    userId = ((await signUp.json()) as { user: { id: string } }).user.id;
  });

  afterAll(async () => {
    await proxy?.set("none");
    await app?.close();
    if (services) await stopServices(services);
    await opened?.close();
    await proxy?.close();
    await direct?.end({ timeout: 5 });
    await database?.close();
  });

  /** A query, a signed-in call and a sign-in, timed: each must be a 503 try again. */
  async function expectTryAgain(within: number) {
    const started = performance.now();
    const [byId, me, signIn] = await Promise.all([
      trpcQuery(base, "jobs.byId", { jobId: "00000000-0000-4000-8000-000000000000" }),
      trpcQuery(base, "profiles.me", undefined, cookie),
      fetch(`${base}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { ...browserHeaders(), "content-type": "application/json" },
        body: JSON.stringify({ email: "outage@example.com", password: "secret123" }),
      }),
    ]);
    const took = performance.now() - started;
    if (process.env.SHOW_OUTAGE_TIMES) console.info(`answered in ${Math.round(took)} ms`);
    for (const answer of [byId, me]) {
      expect(answer.status).toBe(503);
      expect(answer.body.error?.json.data).toMatchObject({
        messageKey: ERR.serviceUnavailable,
        retryAfterSeconds: UNAVAILABLE_RETRY_SECONDS,
      });
    }
    expect(signIn.status).toBe(503);
    expect(signIn.headers.get("retry-after")).toBe(String(UNAVAILABLE_RETRY_SECONDS));
    expect(await signIn.json()).toMatchObject({ code: ERR.serviceUnavailable });
    expect(took).toBeLessThan(within);
    return took;
  }

  it("answers 503 with Retry-After at once when Postgres refuses connections, and serves again when it is back", async () => {
    await proxy.set("down");
    try {
      // postgres.js waits its reconnect backoff (under a second at first) before it gives up; 0.3-0.7 s
      // measured on an idle machine, the margin is for a busy one.
      await expectTryAgain(3000);
    } finally {
      await proxy.set("none");
    }
    // The pool reconnects by itself.
    const me = await trpcQuery(base, "profiles.me", undefined, cookie);
    expect(me.status).toBe(200);
  });

  it("answers 503 within the deadline when Postgres hangs, and a batch and a socket call too", async () => {
    await proxy.set("stall");
    try {
      await expectTryAgain(DEADLINE_MS + 1000);

      // A batch of two calls over HTTP: each answered 503 with its wait, and the header.
      const started = performance.now();
      const batch = await fetch(
        `${base}/api/trpc/jobs.byId,profiles.me?batch=1&input=${encodeURIComponent(
          JSON.stringify({ 0: { json: { jobId: "00000000-0000-4000-8000-000000000000" } }, 1: { json: null } }),
        )}`,
        { headers: browserHeaders(cookie) },
      );
      expect(performance.now() - started).toBeLessThan(DEADLINE_MS + 1000);
      expect(batch.status).toBe(503);
      expect(batch.headers.get("retry-after")).toBe(String(UNAVAILABLE_RETRY_SECONDS));
      const answers = (await batch.json()) as { error?: { json: { data: { messageKey: string } } } }[];
      expect(answers.map((a) => a.error?.json.data.messageKey)).toEqual([ERR.serviceUnavailable, ERR.serviceUnavailable]);

      // A call over an open WebSocket (an anonymous one: its context needs no database).
      const socket = new WebSocket(`${base.replace("http", "ws")}/api/trpc`, { headers: browserHeaders() });
      await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
      const answered = new Promise<{ error?: { data: { code: string; messageKey: string; retryAfterSeconds: number } } }>(
        (resolve) => socket.once("message", (data) => resolve(JSON.parse(String(data)) as never)),
      );
      const sent = performance.now();
      socket.send(
        JSON.stringify({
          id: 1,
          method: "query",
          params: { path: "jobs.byId", input: { json: { jobId: "00000000-0000-4000-8000-000000000000" } } },
        }),
      );
      const frame = (await answered) as {
        error?: { json: { data: { code: string; messageKey: string; retryAfterSeconds: number } } };
      };
      expect(performance.now() - sent).toBeLessThan(DEADLINE_MS + 1000);
      expect(frame.error?.json.data).toMatchObject({
        code: "SERVICE_UNAVAILABLE",
        messageKey: ERR.serviceUnavailable,
        retryAfterSeconds: UNAVAILABLE_RETRY_SECONDS,
      });
      socket.close();
    } finally {
      await proxy.set("none");
    }
    // Once the stall ends, what it held finishes and the next call is served.
    const back = performance.now();
    const me = await trpcQuery(base, "profiles.me", undefined, cookie);
    expect(me.status).toBe(200);
    expect(performance.now() - back).toBeLessThan(1000);
  });

  it("a write blocked past the deadline answers 503 and is not stored once the block is released", async () => {
    const before = await direct<{ language: string }[]>`select language from profiles where id = ${userId}`;
    expect(before[0]?.language).not.toBe("de");
    const holder = await direct.reserve();
    try {
      // Another session holds the caller's profile row: the update waits on it.
      await holder`begin`;
      await holder`select 1 from profiles where id = ${userId} for update`;
      const started = performance.now();
      const write = await trpcMutation(base, "profiles.setLocale", { language: "de", timeZone: null }, cookie);
      expect(performance.now() - started).toBeLessThan(DEADLINE_MS + CANCEL_GRACE_MS + 500);
      expect(write.status).toBe(503);
      expect(write.body.error?.json.data.messageKey).toBe(ERR.serviceUnavailable);
      await holder`commit`;
    } finally {
      holder.release();
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    const after = await direct<{ language: string }[]>`select language from profiles where id = ${userId}`;
    expect(after[0]?.language).toBe(before[0]?.language);
    // Nothing left waiting: the same write now succeeds.
    const again = await trpcMutation(base, "profiles.setLocale", { language: "de", timeZone: null }, cookie);
    expect(again.status).toBe(200);
  });
});
