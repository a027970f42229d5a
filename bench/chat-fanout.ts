// Chat fan-out: N subscribers of one conversation on loopback, through the real app's WebSocket (tRPC
// wsLink, session cookies, the chat.onMessage subscription), against a bare `ws` server broadcasting
// the same payload to N clients.
//
//   npx tsx bench/chat-fanout.ts                   # PGlite in memory, in-process bus (npm run bench:chat)
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/chat-fanout.ts
//                                                  # a scratch database there, Postgres LISTEN/NOTIFY bus
//   BENCH_SUBSCRIBERS=100,1000 BENCH_MESSAGES=40   # the defaults
//
// For each N it sends messages over HTTP (chat.send) and reports:
// - burst: messages sent back to back, as fast as the server commits them (messages/s) while fanning out;
// - paced: one message at a time, the next once every subscriber has it;
// - latency from commit (the moment chat.send publishes, right after its transaction) to receipt by a
//   client, over every delivery: p50 and p99; and the time until the last of the N has it;
// - CPU per message: the process's CPU time over the phase (server, clients and PGlite) per message.
// Then the goal of issue 14 (app p99 within 2x of the bare ws p99) on the paced phase, like with like.
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
import { LIMITS, RATE_LIMITS } from "../domain/limits.ts";
import { completeOnboardingSchema } from "../domain/profile.ts";
import { buildApp } from "../server/app.ts";
import { createAuth } from "../server/auth.ts";
import { joinGroupChat } from "../server/chat/group-membership.ts";
import { loadConfig } from "../server/config.ts";
import { startServices, stopServices } from "../server/instance-services.ts";
import { completeOnboarding } from "../server/profiles/onboarding.ts";
import type { ChatEventBus } from "../server/realtime/chat-bus.ts";
import { createChatBus } from "../server/realtime/create-chat-bus.ts";
import { localFileStore } from "../server/storage/file-store.ts";
import type { AppRouter } from "../server/trpc/router.ts";

const SUBSCRIBERS = (process.env.BENCH_SUBSCRIBERS ?? "100,1000").split(",").map(Number);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 40);
/** People in the conversation: enough that each holds at most LIMITS.socketsPerPerson of the N sockets. */
const peopleFor = (subscribers: number) => Math.max(10, Math.ceil(subscribers / LIMITS.socketsPerPerson));
const DELIVERY_TIMEOUT_MS = 120_000;
const TEXT = "Meet at the north gate at 8:00, bring gloves and water. See you there!";

/** `cpuPerMessage`: the process's CPU time (all threads) over the phase per message, in ms; less at the mercy of a busy machine than latencies. */
type Stats = { sendRate: number; deliveredRate: number; p50: number; p99: number; lastP50: number; cpuPerMessage: number };

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
    /** Latencies of the phase that started at `t0` (and `cpu0`, process.cpuUsage()), and its rate until the last delivery. */
    stats(ids: number[], t0: number, cpu0: NodeJS.CpuUsage): Omit<Stats, "sendRate"> {
      const cpu = process.cpuUsage(cpu0);
      const sorted = [...latencies].sort((a, b) => a - b);
      const lasts = ids.map((id) => (lastReceipt.get(id) ?? Number.NaN) - (sentAt.get(id) ?? Number.NaN)).sort((a, b) => a - b);
      const end = Math.max(...ids.map((id) => lastReceipt.get(id) ?? Number.NaN));
      return {
        deliveredRate: ids.length / ((end - t0) / 1000),
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        lastP50: percentile(lasts, 50),
        cpuPerMessage: (cpu.user + cpu.system) / 1000 / ids.length,
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
    // The bench sends far more than a person may per minute (RATE_LIMITS.chatMessage).
    overrides: { chatBus: bus, rateLimits: { ...RATE_LIMITS, chatMessage: { limit: 1_000_000, windowSeconds: 60 } } },
  });
  const app = await buildApp({ config, db: database.db, auth, services, logger: false });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as AddressInfo;
  const clients: ReturnType<typeof createWSClient>[] = [];
  try {
    const cookies: { id: string; cookie: string }[] = [];
    const people = peopleFor(subscribers);
    for (let i = 0; i < people; i++) {
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
      const id = (res.json() as { user: { id: string } }).user.id;
      // Sending takes a finished onboarding (memberProcedure); the same write the procedure makes.
      await completeOnboarding(
        database.db,
        id,
        completeOnboardingSchema.parse({ userType: "worker", fullName: `Bench Person ${i}` }),
        new Date(),
      );
      cookies.push({ id, cookie: list.map((c) => c.split(";")[0]).join("; ") });
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
      const cookie = cookies[i % people]?.cookie ?? "";
      const ws = createWSClient({
        url: `ws://127.0.0.1:${port}/api/trpc`,
        WebSocket: class extends WebSocket {
          constructor(address: string | URL, protocols?: string | string[]) {
            // The origin guard (server/http/origin-guard.ts) refuses upgrades without one of our origins.
            super(address, protocols, { headers: { cookie, origin: config.publicUrl } });
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
        headers: { cookie: owner.cookie, origin: config.publicUrl, "content-type": "application/json" },
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
    const cpu0 = process.cpuUsage();
    for (let i = 0; i < MESSAGES; i++) burstIds.push(await send());
    const sendRate = MESSAGES / ((performance.now() - t0) / 1000);
    await until(track.allComplete, "burst deliveries");
    const burst = { sendRate, ...track.stats(burstIds, t0, cpu0) };

    track.reset();
    const pacedIds: number[] = [];
    const t1 = performance.now();
    const cpu1 = process.cpuUsage();
    for (let i = 0; i < MESSAGES; i++) {
      const id = await send();
      pacedIds.push(id);
      await until(() => track.complete(id), "paced delivery");
    }
    const paced = { sendRate: MESSAGES / ((performance.now() - t1) / 1000), ...track.stats(pacedIds, t1, cpu1) };
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
    const cpu0 = process.cpuUsage();
    for (let i = 0; i < MESSAGES; i++) burstIds.push(broadcast());
    const sendRate = MESSAGES / ((performance.now() - t0) / 1000);
    await until(track.allComplete, "baseline burst");
    const burst = { sendRate, ...track.stats(burstIds, t0, cpu0) };
    track.reset();
    const pacedIds: number[] = [];
    const t1 = performance.now();
    const cpu1 = process.cpuUsage();
    for (let i = 0; i < MESSAGES; i++) {
      const id = broadcast();
      pacedIds.push(id);
      await until(() => track.complete(id), "baseline paced delivery");
    }
    return { burst, paced: { sendRate: MESSAGES / ((performance.now() - t1) / 1000), ...track.stats(pacedIds, t1, cpu1) } };
  } finally {
    for (const socket of sockets) socket.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

const ms = (v: number) => `${v.toFixed(1)} ms`;
const row = (label: string, s: Stats) =>
  `  ${label.padEnd(14)} sent ${s.sendRate.toFixed(0).padStart(7)} msg/s  delivered to all ${s.deliveredRate.toFixed(0).padStart(6)} msg/s  ` +
  `latency p50 ${ms(s.p50).padStart(9)}  p99 ${ms(s.p99).padStart(9)}  last of N p50 ${ms(s.lastP50).padStart(9)}  ` +
  `CPU ${ms(s.cpuPerMessage).padStart(9)}/msg`;
const ratio = (app: number, bare: number) => `${(app / bare).toFixed(1)}x`;

/** The goal of issue 14: app p99 within 2x of the bare ws p99, like with like (one message at a time). */
const GOAL_RATIO = 2;

console.log(
  `chat fan-out: ${MESSAGES} messages per phase, database ${process.env.BENCH_DATABASE_URL ? "Postgres (LISTEN/NOTIFY bus)" : "PGlite (in-process bus)"}, ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
for (const n of SUBSCRIBERS) {
  const app = await runApp(n);
  const bare = await runBaseline(n);
  console.log(`N = ${n} subscribers (one socket each, ${peopleFor(n)} people)`);
  console.log(row("app burst", app.burst));
  console.log(row("bare ws burst", bare.burst));
  console.log(row("app paced", app.paced));
  console.log(row("bare ws paced", bare.paced));
  // The burst is not like with like (the baseline queues all its messages at once, the app sends one
  // HTTP request after another), so the goal is judged on the paced phase: one message fanned out at a time.
  const met = app.paced.p99 <= GOAL_RATIO * bare.paced.p99;
  console.log(
    `  app/bare paced: p50 ${ms(app.paced.p50)} / ${ms(bare.paced.p50)} = ${ratio(app.paced.p50, bare.paced.p50)}, ` +
      `p99 ${ms(app.paced.p99)} / ${ms(bare.paced.p99)} = ${ratio(app.paced.p99, bare.paced.p99)}, ` +
      `CPU ${ms(app.paced.cpuPerMessage)} / ${ms(bare.paced.cpuPerMessage)} = ${ratio(app.paced.cpuPerMessage, bare.paced.cpuPerMessage)} per message`,
  );
  console.log(
    `  goal (app paced p99 <= ${GOAL_RATIO}x bare ws paced p99 = ${ms(GOAL_RATIO * bare.paced.p99)}): ${met ? "met" : "NOT met"}`,
  );
}
const [load] = os.loadavg();
if (load !== undefined && load > os.cpus().length) {
  console.log(
    `(load average ${load.toFixed(1)} on ${os.cpus().length} cores: other work shared the CPU, latencies are inflated and noisy)`,
  );
}
process.exit(0);
