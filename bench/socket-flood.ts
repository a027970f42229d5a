// Socket floods against the real app (issue 35, decision 054), PGlite in memory, clients in this process:
// 1. two anonymous sockets that send searches (150 a second each) and never read: the process's heap and
//    RSS every few seconds, and how often the server dropped them (each comes back at once, as a script would);
// 2. /api/health's latency, polled every 50 ms, while one socket sends 3 frames of 5,000 searches, and
//    while it sends the same 15,000 searches as frames of a batch's size (20).
//
//   npm run bench:socket-flood
//   BENCH_SECONDS=120 BENCH_RATE=150      # the flood's length and each socket's searches per second (defaults 60, 150)
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import WebSocket from "ws";

import { createJob } from "../db/factories/jobs.ts";
import { createEmployer } from "../db/factories/users.ts";
import { openDatabase } from "../db/open.ts";
import { buildApp } from "../server/app.ts";
import { createAuth } from "../server/auth.ts";
import { loadConfig } from "../server/config.ts";
import { startServices, stopServices } from "../server/instance-services.ts";
import { localFileStore } from "../server/storage/file-store.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const RATE = Number(process.env.BENCH_RATE ?? 150);
const JOBS = 20;

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
const search = (id: number) => ({ id, method: "query", params: { path: "jobs.search", input: { json: {} } } });

/** A socket from our pages' origin, open, or null when the server refuses it. */
async function openSocket(url: string, origin: string): Promise<WebSocket | null> {
  const socket = new WebSocket(url, { headers: { origin } });
  socket.on("error", () => {});
  try {
    await once(socket, "open");
    return socket;
  } catch {
    return null;
  }
}

/** Two scripts sending searches and never reading, back at once when dropped; memory sampled meanwhile. */
async function nonReadingFlood(url: string, origin: string, base: string) {
  let id = 0;
  let drops = 0;
  let stopped = false;
  async function script() {
    while (!stopped) {
      const socket = await openSocket(url, origin);
      if (!socket) continue;
      socket.pause();
      let open = true;
      socket.once("close", () => (open = false));
      // A tenth of a second's searches at a time: timers are too coarse for one every few milliseconds.
      while (open && !stopped) {
        for (let i = 0; i < RATE / 10 && open; i += 1) socket.send(JSON.stringify(search((id += 1))));
        await sleep(100);
      }
      if (!open) drops += 1;
      socket.terminate();
    }
  }
  const started = performance.now();
  const scripts = [script(), script()];
  console.info(`\n1. Two sockets sending ${RATE} searches a second each and never reading, ${SECONDS} s`);
  console.info("   s     heap MB   RSS MB   searches sent   drops   health ms");
  const row = async () => {
    const s = Math.round((performance.now() - started) / 1000);
    const { heapUsed, rss } = process.memoryUsage();
    const health = await timedHealth(base);
    console.info(
      `   ${String(s).padEnd(6)}${String(mb(heapUsed)).padEnd(10)}${String(mb(rss)).padEnd(9)}${String(id).padEnd(16)}${String(drops).padEnd(8)}${health.toFixed(0)}`,
    );
  };
  await row();
  const most = { heap: 0, rss: 0 };
  while (performance.now() - started < SECONDS * 1000) {
    await sleep(5000);
    await row();
    const { heapUsed, rss } = process.memoryUsage();
    most.heap = Math.max(most.heap, heapUsed);
    most.rss = Math.max(most.rss, rss);
  }
  stopped = true;
  await Promise.all(scripts);
  console.info(`   most: heap ${mb(most.heap)} MB, RSS ${mb(most.rss)} MB; dropped ${drops} times`);
}

async function timedHealth(base: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${base}/api/health`);
  await res.text();
  return performance.now() - started;
}

/** /api/health polled every 50 ms while `flood` runs: its slowest and median answers. */
async function healthDuring(base: string, flood: () => Promise<void>) {
  const times: number[] = [];
  let done = false;
  const polling = (async () => {
    while (!done) {
      times.push(await timedHealth(base));
      await sleep(50);
    }
  })();
  await flood();
  done = true;
  await polling;
  times.sort((a, b) => a - b);
  return { max: times.at(-1) ?? 0, p50: times[Math.floor(times.length / 2)] ?? 0, samples: times.length };
}

/** One socket sends 15,000 searches in frames of `perFrame` and reads the answers; resolves once all are in or it closes. */
async function batchedFlood(url: string, origin: string, perFrame: number) {
  const socket = await openSocket(url, origin);
  if (!socket) throw new Error("socket refused");
  const total = 15_000;
  let answers = 0;
  let closeCode: number | null = null;
  const finished = new Promise<void>((resolve) => {
    socket.on("message", () => {
      answers += 1;
      if (answers === total) resolve();
    });
    socket.once("close", (code) => {
      closeCode = code;
      resolve();
    });
  });
  const started = performance.now();
  let id = 0;
  for (let sent = 0; sent < total; sent += perFrame)
    socket.send(JSON.stringify(Array.from({ length: perFrame }, () => search((id += 1)))));
  await finished;
  const ms = performance.now() - started;
  socket.terminate();
  return { answers, closeCode, ms };
}

async function main() {
  const database = await openDatabase({ dataDir: null });
  await database.migrate();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "daywork-bench-"));
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    BETTER_AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123",
    AUTH_RATE_LIMIT: "false",
    STATIC_DIR: path.join(dataDir, "no-static"),
    LOG_LEVEL: "silent",
  });
  const auth = createAuth({ db: database.db, config });
  const services = await startServices(database, config, {
    files: localFileStore(dataDir),
    log: { info() {}, warn() {} },
    queue: { schedule: false },
  });
  const app = await buildApp({ config, db: database.db, auth, services, logger: false });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  const url = `ws://127.0.0.1:${port}/api/trpc`;
  const origin = config.publicUrl;
  try {
    const employer = await createEmployer(database.db);
    for (let i = 0; i < JOBS; i += 1)
      await createJob(database.db, employer.id, { description: `A long day. ${"x".repeat(4000)} ${i}` });
    const answer = await fetch(`${base}/api/trpc/jobs.search?input=${encodeURIComponent(JSON.stringify({ json: {} }))}`);
    console.info(`A search answers ${Math.round((await answer.text()).length / 1024)} KB (${JOBS} jobs).`);

    await nonReadingFlood(url, origin, base);
    await sleep(2000);

    console.info("\n2. /api/health while one socket sends 15,000 searches");
    for (const perFrame of [5000, 20]) {
      let result = { answers: 0, closeCode: null as number | null, ms: 0 };
      const health = await healthDuring(base, async () => {
        result = await batchedFlood(url, origin, perFrame);
      });
      const end = result.closeCode === null ? "all answered" : `closed ${result.closeCode}`;
      console.info(
        `   frames of ${String(perFrame).padEnd(5)}: ${result.answers} answers, ${end} in ${(result.ms / 1000).toFixed(1)} s; health p50 ${health.p50.toFixed(0)} ms, max ${health.max.toFixed(0)} ms (${health.samples} polls)`,
      );
    }
  } finally {
    await app.close();
    await stopServices(services);
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
