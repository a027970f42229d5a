import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { createJob } from "../../db/factories/jobs.ts";
import { createEmployer } from "../../db/factories/users.ts";
import { BACKGROUND_JOBS, type QueueHandlers } from "../background-jobs.ts";
import { backgroundHandlers } from "../background-work.ts";
import { listen, wsTrpc } from "../chat/chat-test-kit.ts";
import { startBackgroundQueue } from "../queue/background-queue.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../testing/test-app.ts";
import { TranslationFailedError, type Translator } from "../translate/translator.ts";

type LogLine = { level: number; msg: string; reqId?: string; [field: string]: unknown };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A provider that always fails: translate.job then logs the failure through ctx.log. */
const failingTranslator: Translator = {
  provider: "libretranslate",
  languages: async () => ["en", "ru"],
  translate: async () => {
    throw new TranslationFailedError("http", "provider answered 502");
  },
};

/** A test app whose request log lines are collected. */
async function loggedApp(env: Record<string, string> = {}) {
  const lines: LogLine[] = [];
  const t = await createTestApp({
    env,
    services: { translator: failingTranslator },
    logger: { level: "info", stream: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) } },
  });
  return { t, lines };
}

describe("request ids", () => {
  let t: TestApp;
  let lines: LogLine[];
  let proxied: TestApp;
  const sockets: { close(): void }[] = [];
  beforeAll(async () => {
    ({ t, lines } = await loggedApp());
    proxied = (await loggedApp({ TRUST_PROXY: "true" })).t;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await t.close();
    await proxied.close();
  });

  it("answers every request with its own id, ignoring an X-Request-Id it has no reason to trust", async () => {
    const a = await t.app.inject({ method: "GET", url: "/api/health", headers: { "x-request-id": "chosen-by-caller" } });
    const b = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(a.headers["x-request-id"]).toMatch(UUID);
    expect(b.headers["x-request-id"]).toMatch(UUID);
    expect(a.headers["x-request-id"]).not.toBe(b.headers["x-request-id"]);
    // Refused requests carry one too (the origin guard answers before any route).
    const refused = await t.app.inject({
      method: "POST",
      url: "/api/trpc/chat.send",
      headers: { origin: "https://evil.example" },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers["x-request-id"]).toMatch(UUID);
  });

  it("keeps the proxy's X-Request-Id behind a trusted proxy, unless it is not an id", async () => {
    const kept = await proxied.app.inject({ method: "GET", url: "/api/health", headers: { "x-request-id": "edge-7f3a.42" } });
    expect(kept.headers["x-request-id"]).toBe("edge-7f3a.42");
    const odd = await proxied.app.inject({
      method: "GET",
      url: "/api/health",
      headers: { "x-request-id": `a"} {"level":60 ${"x".repeat(200)}` },
    });
    expect(odd.headers["x-request-id"]).toMatch(UUID);
  });

  it("gives procedures a logger bound to the request id (ctx.log), over HTTP", async () => {
    const employer = await createEmployer(t.db);
    const job = await createJob(t.db, employer.id);
    const input = encodeURIComponent(JSON.stringify({ json: { jobId: job.id, targetLanguage: "ru" } }));
    const res = await t.app.inject({ method: "GET", url: `/api/trpc/translate.job?input=${input}` });
    expect(res.statusCode).toBe(502);
    const requestId = res.headers["x-request-id"];
    const line = lines.find((l) => l.msg === "machine translation failed");
    expect(line).toMatchObject({ reqId: requestId, jobId: job.id, reason: "http" });
  });

  it("over a WebSocket, logs each call with the id of the request that opened the socket", async () => {
    const employer = await createEmployer(t.db);
    const job = await createJob(t.db, employer.id);
    const { ws } = await listen(t.app);
    const socket = wsTrpc(ws, null, TEST_ORIGIN);
    sockets.push(socket);
    const before = lines.length;
    await expect(socket.client.translate.job.query({ jobId: job.id, targetLanguage: "de" })).rejects.toThrow();
    const failure = lines.slice(before).find((l) => l.msg === "machine translation failed" && l.jobId === job.id);
    expect(failure?.reqId).toMatch(UUID);
    // The upgrade request's own line (Fastify's "incoming request") carries the same id.
    const upgrade = lines.find((l) => l.reqId === failure?.reqId && l.msg === "incoming request");
    expect(upgrade).toMatchObject({ req: { url: "/api/trpc" } });
  });
});

describe("background job logs", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it("name the job they belong to, and a failed job is logged with its id", async () => {
    const lines: { fields: Record<string, unknown>; message: string }[] = [];
    const log = {
      info: (fields: object, message: string) => void lines.push({ fields: { ...fields }, message }),
      warn: (fields: object, message: string) => void lines.push({ fields: { ...fields }, message }),
    };
    const queue = await startBackgroundQueue(t.database.queue, BACKGROUND_JOBS, { log, schedule: false });
    try {
      const ran = new Map<string, string>();
      const handlers: QueueHandlers = {
        ...backgroundHandlers(t.db, t.services, t.config),
        "saved-search-match": async (_data, job) => {
          ran.set("saved-search-match", job.id);
          throw new Error("index unavailable");
        },
        "file-deletions": async (_data, job) => {
          ran.set("file-deletions", job.id);
          job.log.info({ event: "file_deletions_swept", removed: 0 }, "file deletions swept");
        },
      };
      await queue.send(t.db, "file-deletions", {});
      await queue.send(t.db, "saved-search-match", { jobId: "00000000-0000-4000-8000-000000000000" });
      await vi.waitFor(async () => {
        await queue.runDue(handlers);
        expect(ran.size).toBe(2);
      });
      const sweepId = ran.get("file-deletions");
      const matchId = ran.get("saved-search-match");
      expect(lines).toContainEqual({
        fields: { queue: "file-deletions", jobId: sweepId, event: "file_deletions_swept", removed: 0 },
        message: "file deletions swept",
      });
      expect(lines).toContainEqual({
        fields: {
          queue: "saved-search-match",
          jobId: matchId,
          event: "job_failed",
          err: "Error: index unavailable",
          ms: expect.any(Number),
        },
        message: "background job failed; pg-boss retries it while its retry limit allows",
      });
    } finally {
      await queue.stop();
    }
  });
});
