// Chat fan-out: N subscribers of one conversation on loopback, through the real app's WebSocket (tRPC
// wsLink, session cookies, the chat.onMessage subscription), against a bare `ws` server broadcasting
// the same payload to N clients.
//
//   node bench/chat-fanout.ts                      # PGlite in memory, in-process bus
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/chat-fanout.ts
//                                                  # a scratch database there, Postgres LISTEN/NOTIFY bus
//   BENCH_SUBSCRIBERS=100,1000 BENCH_MESSAGES=40   # the defaults
//
// For each N it sends messages over HTTP (chat.send) and reports:
// - burst: messages sent back to back, as fast as the server commits them (messages/s) while fanning out;
// - paced: one message at a time, the next once every subscriber has it;
// - latency from commit (the moment chat.send publishes, right after its transaction) to receipt by a
//   client, over every delivery: p50 and p99; and the time until the last of the N has it.
// Clients and server share one process (and the machine's cores), for the app and the baseline alike.
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { createTRPCClient, createWSClient, wsLink } from "@trpc/client";
import superjson from "superjson";
import WebSocket, { WebSocketServer } from "ws";

import { createJob } from "../db/factories/jobs.ts";
import { openDatabase, type OpenedDatabase } from "../db/open.ts";
import { buildApp } from "../server/app.ts";
import { createAuth } from "../server/auth.ts";
import { joinGroupChat } from "../server/chat/group-membership.ts";
import { loadConfig } from "../server/config.ts";
import { startServices, stopServices } from "../server/instance-services.ts";
import type { ChatEventBus } from "../server/realtime/chat-bus.ts";
import { createChatBus } from "../server/realtime/create-chat-bus.ts";
import { localFileStore } from "../server/storage/file-store.ts";
import type { AppRouter } from "../server/trpc/router.ts";

const SUBSCRIBERS = (process.env.BENCH_SUBSCRIBERS ?? "100,1000").split(",").map(Number);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 40);
const PEOPLE = 10;
const DELIVERY_TIMEOUT_MS = 120_000;
const TEXT = "Meet at the north gate at 8:00, bring gloves and water. See you there!";

type Stats = { sendRate: number; deliveredRate: number; p50: number; p99: number; lastP50: number };

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** Resolves when `done()` holds, polling; rejects after the timeout (every loop here is bounded). */
async function until(done: () => boolean, what: string, timeoutMs = DELIVERY_TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

/** Delivery bookkeeping shared by the app run and the baseline. */
function deliveries(subscribers: number) {
  const sentAt = new Map<number, number>();
  const latencies: number[] = [];
  const lastReceipt = new Map<number, number>();
  const count = new Map<number, number>();
  return {
    sentAt,
    received(id: number) {
      const now = performance.now();
      const start = sentAt.get(id);
      if (start === undefined) return;
      latencies.push(now - start);
      count.set(id, (count.get(id) ?? 0) + 1);
      lastReceipt.set(id, now);
    },
    complete: (id: number) => (count.get(id) ?? 0) >= subscribers,
    allComplete: () => [...sentAt.keys()].every((id) => (count.get(id) ?? 0) >= subscribers),
    /** Latencies of the phase that started at `t0`, and its rate until the last delivery. */
    stats(ids: number[], t0: number): Omit<Stats, "sendRate"> {
      const sorted = [...latencies].sort((a, b) => a - b);
      const lasts = ids.map((id) => (lastReceipt.get(id) ?? Number.NaN) - (sentAt.get(id) ?? Number.NaN)).sort((a, b) => a - b);
      const end = Math.max(...ids.map((id) => lastReceipt.get(id) ?? Number.NaN));
      return {
        deliveredRate: ids.length / ((end - t0) / 1000),
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        lastP50: percentile(lasts, 50),
      };
    },
    reset() {
      latencies.length = 0;
    },
  };
}

async function openBenchDatabase(): Promise<OpenedDatabase & { drop(): Promise<void> }> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    const db = await openDatabase({ dataDir: null });
    await db.migrate();
    return { ...db, drop: async () => {} };
  }
  const name = `daywork_bench_${randomBytes(4).toString("hex")}`;
  const admin = (await import("postgres")).default(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: target.toString(), maxConnections: 10 });
  await db.migrate();
  return {
    ...db,
    async drop() {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end({ timeout: 5 });
    },
  };
}

async function runApp(subscribers: number): Promise<{ burst: Stats; paced: Stats }> {
  const database = await openBenchDatabase();
  const uploadDir = await mkdtemp(path.join(os.tmpdir(), "daywork-bench-"));
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: uploadDir,
    BETTER_AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123",
    AUTH_RATE_LIMIT: "false",
    STATIC_DIR: path.join(uploadDir, "no-static"),
    LOG_LEVEL: "silent",
  });
  const track = deliveries(subscribers);
  const inner = await createChatBus(database.sql);
  // Commit time: chat.send publishes right after its transaction commits.
  const bus: ChatEventBus = {
    publish(conversationId, messageId) {
      track.sentAt.set(messageId, performance.now());
      return inner.publish(conversationId, messageId);
    },
    subscribe: (c, l) => inner.subscribe(c, l),
    close: () => inner.close(),
  };
  const auth = createAuth({ db: database.db, config });
  const services = await startServices(database, config, {
    files: localFileStore(uploadDir),
    log: { info() {}, warn() {} },
    queue: { schedule: false },
    overrides: { chatBus: bus },
  });
  const app = await buildApp({ config, db: database.db, auth, services, logger: false });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as AddressInfo;
  const clients: ReturnType<typeof createWSClient>[] = [];
  try {
    const cookies: { id: string; cookie: string }[] = [];
    for (let i = 0; i < PEOPLE; i++) {
      const res = await app.inject({
        method: "POST",
        url: "/api/auth/sign-up/email",
        headers: { origin: config.publicUrl },
        payload: {
          email: `bench${i}@example.com`,
          password: "secret123",
          name: `Bench Person ${i}`,
          ageConfirmed: true,
          consentDataProcessing: true,
          termsAccepted: true,
        },
      });
      const setCookie = res.headers["set-cookie"];
      const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
      cookies.push({ id: (res.json() as { user: { id: string } }).user.id, cookie: list.map((c) => c.split(";")[0]).join("; ") });
    }
    const [owner] = cookies;
    if (!owner) throw new Error("no owner");
    const job = await createJob(database.db, owner.id);
    const conversationId = await joinGroupChat(
      database.db,
      job.id,
      cookies.map((c) => c.id),
    );

    let started = 0;
    for (let i = 0; i < subscribers; i++) {
      const cookie = cookies[i % PEOPLE]?.cookie ?? "";
      const ws = createWSClient({
        url: `ws://127.0.0.1:${port}/api/trpc`,
        WebSocket: class extends WebSocket {
          constructor(address: string | URL, protocols?: string | string[]) {
            super(address, protocols, { headers: { cookie } });
          }
        } as unknown as typeof globalThis.WebSocket,
      });
      clients.push(ws);
      const client = createTRPCClient<AppRouter>({ links: [wsLink({ client: ws, transformer: superjson })] });
      client.chat.onMessage.subscribe(
        { conversationId },
        {
          onStarted: () => (started += 1),
          onData: (envelope) => track.received(envelope.data.id),
          onError: (error) => console.error("subscription error", error.message),
        },
      );
    }
    await until(() => started === subscribers, `${subscribers} subscriptions`);

    const send = async () => {
      const res = await fetch(`http://127.0.0.1:${port}/api/trpc/chat.send`, {
        method: "POST",
        headers: { cookie: owner.cookie, "content-type": "application/json" },
        body: JSON.stringify({ json: { conversationId, content: TEXT } }),
      });
      if (!res.ok) throw new Error(`send failed: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { result: { data: { json: { id: number } } } }).result.data.json.id;
    };

    // Warm-up, then the burst.
    for (let i = 0; i < 5; i++) await send();
    await until(track.allComplete, "warm-up deliveries");
    track.reset();
    const burstIds: number[] = [];
    const t0 = performance.now();
    for (let i = 0; i < MESSAGES; i++) burstIds.push(await send());
    const sendRate = MESSAGES / ((performance.now() - t0) / 1000);
    await until(track.allComplete, "burst deliveries");
    const burst = { sendRate, ...track.stats(burstIds, t0) };

    track.reset();
    const pacedIds: number[] = [];
    const t1 = performance.now();
    for (let i = 0; i < MESSAGES; i++) {
      const id = await send();
      pacedIds.push(id);
      await until(() => track.complete(id), "paced delivery");
    }
    const paced = { sendRate: MESSAGES / ((performance.now() - t1) / 1000), ...track.stats(pacedIds, t1) };
    return { burst, paced };
  } finally {
    await Promise.all(clients.map((ws) => ws.close()));
    await app.close();
    await stopServices(services);
    await database.close();
    await database.drop();
    await rm(uploadDir, { recursive: true, force: true });
  }
}

/** The floor: a bare ws server sending the same tRPC-shaped payload to N plain ws clients. */
async function runBaseline(subscribers: number): Promise<{ burst: Stats; paced: Stats }> {
  const server = new WebSocketServer({ port: 0, host: "127.0.0.1" });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const { port } = server.address() as AddressInfo;
  const track = deliveries(subscribers);
  const sockets: WebSocket[] = [];
  for (let i = 0; i < subscribers; i++) {
    const socket = new WebSocket(`ws://127.0.0.1:${port}`);
    socket.on("message", (data) => {
      const parsed = JSON.parse(String(data)) as { result: { id: string } };
      track.received(Number(parsed.result.id));
    });
    sockets.push(socket);
  }
  await until(
    () => server.clients.size === subscribers && sockets.every((s) => s.readyState === WebSocket.OPEN),
    "baseline connections",
  );

  let nextId = 1;
  const broadcast = () => {
    const id = nextId++;
    const payload = JSON.stringify({
      id: 1,
      jsonrpc: "2.0",
      result: {
        type: "data",
        id: String(id),
        data: {
          id: String(id),
          data: {
            json: {
              id,
              conversationId: "00000000-0000-4000-8000-000000000000",
              senderId: "x",
              senderName: "Bench Person 0",
              senderInitials: "BP",
              content: TEXT,
              imageUrl: null,
              createdAt: new Date().toISOString(),
            },
          },
        },
      },
    });
    track.sentAt.set(id, performance.now());
    for (const client of server.clients) client.send(payload);
    return id;
  };
  try {
    const burstIds: number[] = [];
    const t0 = performance.now();
    for (let i = 0; i < MESSAGES; i++) burstIds.push(broadcast());
    const sendRate = MESSAGES / ((performance.now() - t0) / 1000);
    await until(track.allComplete, "baseline burst");
    const burst = { sendRate, ...track.stats(burstIds, t0) };
    track.reset();
    const pacedIds: number[] = [];
    const t1 = performance.now();
    for (let i = 0; i < MESSAGES; i++) {
      const id = broadcast();
      pacedIds.push(id);
      await until(() => track.complete(id), "baseline paced delivery");
    }
    return { burst, paced: { sendRate: MESSAGES / ((performance.now() - t1) / 1000), ...track.stats(pacedIds, t1) } };
  } finally {
    for (const socket of sockets) socket.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

const ms = (v: number) => `${v.toFixed(1)} ms`;
const row = (label: string, s: Stats) =>
  `  ${label.padEnd(14)} sent ${s.sendRate.toFixed(0).padStart(7)} msg/s  delivered to all ${s.deliveredRate.toFixed(0).padStart(6)} msg/s  ` +
  `latency p50 ${ms(s.p50).padStart(9)}  p99 ${ms(s.p99).padStart(9)}  last of N p50 ${ms(s.lastP50).padStart(9)}`;

console.log(
  `chat fan-out: ${MESSAGES} messages per phase, database ${process.env.BENCH_DATABASE_URL ? "Postgres (LISTEN/NOTIFY bus)" : "PGlite (in-process bus)"}, ${os.cpus().length} cores`,
);
for (const n of SUBSCRIBERS) {
  const app = await runApp(n);
  const bare = await runBaseline(n);
  console.log(`N = ${n} subscribers`);
  console.log(row("app burst", app.burst));
  console.log(row("bare ws burst", bare.burst));
  console.log(row("app paced", app.paced));
  console.log(row("bare ws paced", bare.paced));
  console.log(`  app/bare paced p50 latency: ${(app.paced.p50 / bare.paced.p50).toFixed(1)}x`);
}
process.exit(0);
