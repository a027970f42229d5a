import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { listen, wsTrpc } from "../chat/chat-test-kit.ts";
import { signUp } from "../testing/accounts.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../testing/test-app.ts";
import { bearerMatches } from "./metrics.ts";

const TOKEN = "metrics-token-for-tests-0123456789";
const auth = { authorization: `Bearer ${TOKEN}` };

/** The value of one sample in Prometheus's text format: the metric with (at least) these labels. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split("\n")) {
    if (line.startsWith("#") || !line.startsWith(name)) continue;
    const match = /^([a-zA-Z_:][\w:]*)(\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[3] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[4]);
  }
  return undefined;
}

describe("GET /api/metrics", () => {
  let t: TestApp;
  let off: TestApp;
  const sockets: { close(): void }[] = [];
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    off = await createTestApp();
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await t.close();
    await off.close();
  });

  const scrape = async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/metrics", headers: auth });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  it("is not there without METRICS_TOKEN", async () => {
    const res = await off.app.inject({ method: "GET", url: "/api/metrics", headers: auth });
    expect(res.statusCode).toBe(404);
  });

  it("wants the bearer token", async () => {
    for (const headers of [{}, { authorization: "Bearer wrong-token-wrong-token-0123" }, { authorization: TOKEN }]) {
      const res = await t.app.inject({ method: "GET", url: "/api/metrics", headers });
      expect(res.statusCode).toBe(401);
      expect(res.headers["www-authenticate"]).toBe('Bearer realm="metrics"');
      expect(res.body).not.toContain("daywork_");
    }
    const res = await t.app.inject({ method: "GET", url: "/api/metrics", headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/plain");
    expect(res.headers["cache-control"]).toBe("no-store");
    // Node's process metrics come along.
    expect(sample(res.body, "process_cpu_user_seconds_total")).toBeGreaterThan(0);
    expect(sample(res.body, "nodejs_eventloop_lag_p99_seconds")).toBeGreaterThanOrEqual(0);
  });

  it("compares the token as a whole", () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`Bearer ${TOKEN}x`, TOKEN)).toBe(false);
    expect(bearerMatches(`Bearer ${TOKEN.slice(0, -1)}`, TOKEN)).toBe(false);
    expect(bearerMatches(undefined, TOKEN)).toBe(false);
  });

  it("counts tRPC calls per procedure and result, and HTTP requests per route (not per URL)", async () => {
    const calls = { procedure: "jobs.search", type: "query", code: "OK" };
    const missing = { procedure: "jobs.byId", type: "query", code: "NOT_FOUND" };
    const before = await scrape();
    const search = encodeURIComponent(JSON.stringify({ 0: { json: { q: "loader" } } }));
    for (let i = 0; i < 3; i += 1) {
      const res = await t.app.inject({ method: "GET", url: `/api/trpc/jobs.search?batch=1&input=${search}` });
      expect(res.statusCode).toBe(200);
    }
    const byId = encodeURIComponent(JSON.stringify({ json: { jobId: "00000000-0000-4000-8000-000000000000" } }));
    expect((await t.app.inject({ method: "GET", url: `/api/trpc/jobs.byId?input=${byId}` })).statusCode).toBe(404);
    const after = await scrape();

    const count = (text: string, labels: Record<string, string>) =>
      sample(text, "daywork_trpc_call_duration_seconds_count", labels) ?? 0;
    expect(count(after, calls) - count(before, calls)).toBe(3);
    expect(count(after, missing) - count(before, missing)).toBe(1);
    expect(sample(after, "daywork_trpc_call_duration_seconds_sum", calls)).toBeGreaterThan(0);

    const route = (text: string, status: string) =>
      sample(text, "daywork_http_request_duration_seconds_count", { method: "GET", route: "/api/trpc/:path", status }) ?? 0;
    expect(route(after, "200") - route(before, "200")).toBe(3);
    expect(route(after, "404") - route(before, "404")).toBe(1);
    // The raw URLs (with their inputs) are no label anywhere.
    expect(after).not.toContain("loader");
  });

  it("reports the background queue's depth", async () => {
    const queued = { queue: "file-deletions", state: "queued" };
    expect(sample(await scrape(), "daywork_queue_jobs", queued)).toBe(0);
    await t.services.queue.send(t.db, "file-deletions", {});
    expect(sample(await scrape(), "daywork_queue_jobs", queued)).toBe(1);
    await t.runBackground();
    expect(sample(await scrape(), "daywork_queue_jobs", queued)).toBe(0);
  });

  it("reports open sockets and the live subscriptions on them", async () => {
    const { ws } = await listen(t.app);
    const person = await signUp(t);
    const socket = wsTrpc(ws, person.cookie, TEST_ORIGIN);
    sockets.push(socket);
    let started = false;
    const subscription = socket.client.notifications.onChange.subscribe(undefined, { onStarted: () => (started = true) });
    await vi.waitFor(() => expect(started).toBe(true));
    let text = await scrape();
    expect(sample(text, "daywork_websockets_open")).toBe(1);
    expect(sample(text, "daywork_live_subscriptions")).toBe(1);
    expect(
      sample(text, "daywork_trpc_call_duration_seconds_count", { procedure: "notifications.onChange", type: "subscription" }),
    ).toBe(1);

    subscription.unsubscribe();
    await vi.waitFor(async () => expect(sample(await scrape(), "daywork_live_subscriptions")).toBe(0));
    await socket.close();
    await vi.waitFor(async () => expect(sample(await scrape(), "daywork_websockets_open")).toBe(0));
    text = await scrape();
    expect(sample(text, "daywork_live_subscriptions")).toBe(0);
  });

  it("reports this instance's database connections by state (Postgres), and nothing to count on PGlite", async () => {
    const text = await scrape();
    if (!t.database.url) {
      expect(text).not.toContain("daywork_db_connections");
      return;
    }
    // The whole DATABASE_POOL_SIZE: both pools of the handle (db/open.ts splits it), not the first alone.
    const poolMax = (t.database.sql?.options.max ?? 0) + (t.database.plannedSql?.options.max ?? 0);
    expect(sample(text, "daywork_db_pool_max")).toBe(poolMax);
    // Connections the pool opened and left idle (the scrape's own connection is left out).
    expect(sample(text, "daywork_db_connections", { state: "idle" })).toBeGreaterThan(0);
    const open = text
      .split("\n")
      .filter((line) => line.startsWith("daywork_db_connections{"))
      .reduce((sum, line) => sum + Number(line.split(" ").pop()), 0);
    // The pool, its LISTEN connection, and nothing of another instance's.
    expect(open).toBeLessThanOrEqual(poolMax + 1);
  });

  it("reports each dependency's readiness: a failing file store shows as down beside a working database", async () => {
    expect(sample(await scrape(), "daywork_dependency_up", { dependency: "storage" })).toBe(1);
    const { ready } = t.services.files;
    t.services.files.ready = () => Promise.reject(new Error("bucket down"));
    try {
      const text = await scrape();
      expect(sample(text, "daywork_dependency_up", { dependency: "storage" })).toBe(0);
      expect(sample(text, "daywork_dependency_up", { dependency: "database" })).toBe(1);
      expect(sample(text, "daywork_dependency_up", { dependency: "bus" })).toBe(1);
    } finally {
      t.services.files.ready = ready;
    }
  });

  it("reports the mail server and push beside them (docs/decisions/064)", async () => {
    expect(sample(await scrape(), "daywork_dependency_up", { dependency: "smtp" })).toBe(1);
    expect(sample(await scrape(), "daywork_dependency_up", { dependency: "push" })).toBe(1);
    t.services.pushReachability.record(false);
    const { ready } = t.services.mailer;
    t.services.mailer.ready = () => Promise.reject(new Error("mail server down"));
    try {
      const text = await scrape();
      expect(sample(text, "daywork_dependency_up", { dependency: "smtp" })).toBe(0);
      expect(sample(text, "daywork_dependency_up", { dependency: "push" })).toBe(0);
      expect(sample(text, "daywork_dependency_up", { dependency: "database" })).toBe(1);
    } finally {
      t.services.mailer.ready = ready;
      t.services.pushReachability.record(true);
    }
  });
});
