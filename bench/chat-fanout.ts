// Chat fan-out: N subscribers of one conversation on loopback, through the real app's WebSocket (tRPC's
// protocol, session cookies, the chat.onMessage subscription), against a bare `ws` server broadcasting
// the same payload to N clients.
//
//   npx tsx bench/chat-fanout.ts                   # PGlite in memory, in-process bus (npm run bench:chat)
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/chat-fanout.ts
//                                                  # a scratch database there, Postgres LISTEN/NOTIFY bus
//   BENCH_SUBSCRIBERS=100,1000 BENCH_MESSAGES=40   # the defaults
//   BENCH_CLIENTS=shared                           # the clients in the bench's own process (see below)
//   BENCH_APP_CLIENT=trpc                          # the app's subscribers are the SPA's client (see below)
//
// For each N it first reports connect: the time until all N sockets were open and subscribed, and the
// server's CPU per socket (PGlite's included when in memory). Then it sends messages over HTTP (chat.send) and reports:
// - burst: messages sent back to back, as fast as the server commits them (messages/s) while fanning out;
// - paced: one message at a time, the next once every subscriber has it;
// - latency from commit (the moment chat.send publishes, right after its transaction) to receipt by a
//   client, over every delivery: p50 and p99; and the time until the last of the N has it;
// - CPU per message: the process's CPU time over the phase (server, clients and PGlite) per message.
// Then the goal of issue 14 (app p99 within 2x of the bare ws p99) on the paced phase, like with like.
// The clients run in a process of their own (bench/support/chat-clients.ts), for the app and the baseline
// alike, so "CPU per message" is the server's (with, for the app, the sender's HTTP call), and a thousand
// clients' decoding does not queue on the server's event loop. BENCH_CLIENTS=shared runs them in this
// process, beside the server, as the bench did before: the figures then include the clients' work.
// A receipt is a frame parsed at the subscriber's socket, for the app as for the baseline: its
// subscribers speak tRPC's protocol over plain `ws` sockets. With BENCH_APP_CLIENT=trpc they are tRPC's
// wsLink with superjson, as in the SPA: a receipt then also waits for a thousand decodings queued in one
// process, which on a site are a thousand phones decoding at once.
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { WebSocketServer } from "ws";

import { openDatabase, type OpenedDatabase } from "../db/open.ts";
import { RATE_LIMITS } from "../domain/limits.ts";
import { buildApp } from "../server/app.ts";
import { createAuth } from "../server/auth.ts";
import { loadConfig } from "../server/config.ts";
import { startServices, stopServices } from "../server/instance-services.ts";
import type { ChatEventBus } from "../server/realtime/chat-bus.ts";
import { createChatBus } from "../server/realtime/create-chat-bus.ts";
import { localFileStore } from "../server/storage/file-store.ts";
import { clientsInOwnProcess } from "./support/chat-clients.ts";
import {
  bareClients,
  deliveries,
  groupChat,
  peopleFor,
  sendChatMessage,
  signUpPeople,
  subscribe,
  CHAT_TEXT as TEXT,
  until,
  wallNow,
  type DeliveryStats,
  type SubscriberClient,
} from "./support/chat.ts";

const SUBSCRIBERS = (process.env.BENCH_SUBSCRIBERS ?? "100,1000").split(",").map(Number);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 40);
const CLIENTS_APART = process.env.BENCH_CLIENTS !== "shared";
const APP_CLIENT: SubscriberClient = process.env.BENCH_APP_CLIENT === "trpc" ? "trpc" : "protocol";

/** `cpuPerMessage`: the process's CPU time (all threads) over the phase per message, in ms; less at the mercy of a busy machine than latencies. */
type Stats = Omit<DeliveryStats, "deliveriesPerSecond"> & { sendRate: number; cpuPerMessage: number };
/** Opening the app's subscribers: wall time until every subscription started, and server CPU per socket. */
type Connect = { ms: number; cpuPerSocket: number };

/** The process's CPU time since `cpu0` per message, in ms. */
const cpuPerMessage = (cpu0: NodeJS.CpuUsage, messages: number) => {
  const cpu = process.cpuUsage(cpu0);
  return (cpu.user + cpu.system) / 1000 / messages;
};

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

async function runApp(subscribers: number): Promise<{ burst: Stats; paced: Stats; connect: Connect }> {
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
      track.sentAt.set(messageId, wallNow());
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
  const origin = config.publicUrl;
  const base = `http://127.0.0.1:${port}`;
  let clients: { close(): Promise<unknown> } | null = null;
  try {
    const people = await signUpPeople(database.db, [base], origin, peopleFor(subscribers), "bench");
    const [owner] = people;
    if (!owner) throw new Error("no owner");
    const conversationId = await groupChat(database.db, people);
    const spec = { wsUrls: [`ws://127.0.0.1:${port}/api/trpc`], origin, people, subscribers, conversationId, client: APP_CLIENT };
    const opening = wallNow();
    const openingCpu = process.cpuUsage();
    clients = CLIENTS_APART
      ? await clientsInOwnProcess({ kind: "app", ...spec }, (id, at) => track.received(id, at))
      : await subscribe({ ...spec, onMessage: (id) => track.received(id) });
    const connect = { ms: wallNow() - opening, cpuPerSocket: cpuPerMessage(openingCpu, subscribers) };
    const send = () => sendChatMessage(base, owner.cookie, origin, conversationId);

    // Warm-up, then the burst.
    for (let i = 0; i < 5; i++) await send();
    await until(track.allComplete, "warm-up deliveries");
    const burstIds: number[] = [];
    const t0 = wallNow();
    const cpu0 = process.cpuUsage();
    for (let i = 0; i < MESSAGES; i++) burstIds.push(await send());
    const sendRate = MESSAGES / ((wallNow() - t0) / 1000);
    await until(track.allComplete, "burst deliveries");
    const burst = { sendRate, ...track.stats(burstIds, t0), cpuPerMessage: cpuPerMessage(cpu0, MESSAGES) };

    const pacedIds: number[] = [];
    const t1 = wallNow();
    const cpu1 = process.cpuUsage();
    for (let i = 0; i < MESSAGES; i++) {
      const id = await send();
      pacedIds.push(id);
      await until(() => track.complete(id), "paced delivery");
    }
    const paced = {
      sendRate: MESSAGES / ((wallNow() - t1) / 1000),
      ...track.stats(pacedIds, t1),
      cpuPerMessage: cpuPerMessage(cpu1, MESSAGES),
    };
    return { burst, paced, connect };
  } finally {
    await clients?.close();
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
  const url = `ws://127.0.0.1:${port}`;
  const clients = CLIENTS_APART
    ? await clientsInOwnProcess({ kind: "bare", url, subscribers }, (id, at) => track.received(id, at))
    : await bareClients(url, subscribers, (id) => track.received(id));
  await until(() => server.clients.size === subscribers, "baseline connections");

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
    track.sentAt.set(id, wallNow());
    for (const client of server.clients) client.send(payload);
    return id;
  };
  try {
    const burstIds: number[] = [];
    const t0 = wallNow();
    const cpu0 = process.cpuUsage();
    for (let i = 0; i < MESSAGES; i++) burstIds.push(broadcast());
    const sendRate = MESSAGES / ((wallNow() - t0) / 1000);
    await until(track.allComplete, "baseline burst");
    const burst = { sendRate, ...track.stats(burstIds, t0), cpuPerMessage: cpuPerMessage(cpu0, MESSAGES) };
    const pacedIds: number[] = [];
    const t1 = wallNow();
    const cpu1 = process.cpuUsage();
    for (let i = 0; i < MESSAGES; i++) {
      const id = broadcast();
      pacedIds.push(id);
      await until(() => track.complete(id), "baseline paced delivery");
    }
    const paced = {
      sendRate: MESSAGES / ((wallNow() - t1) / 1000),
      ...track.stats(pacedIds, t1),
      cpuPerMessage: cpuPerMessage(cpu1, MESSAGES),
    };
    return { burst, paced };
  } finally {
    await clients.close();
    for (const client of server.clients) client.terminate();
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
  console.log(
    `N = ${n} subscribers (one socket each, ${peopleFor(n)} people; the clients ${CLIENTS_APART ? "in a process of their own" : "in the bench's process, beside the server"}; ` +
      `the app's ${APP_CLIENT === "trpc" ? "tRPC's wsLink with superjson" : "plain sockets speaking tRPC's protocol"})`,
  );
  console.log(
    `  app connect    ${n} sockets opened and subscribed in ${ms(app.connect.ms)}, CPU ${ms(app.connect.cpuPerSocket)}/socket`,
  );
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
