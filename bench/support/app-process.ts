// A server in a child process of the bench, so it shares no event loop with the load: the parent forks
// an entry with `forkServer`, the child answers with `answerParent`. Run directly with --serve-app, this
// file is that child for the real app (buildApp as in production) on BENCH_DATABASE_URL.
import { fork, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

import { openDatabase } from "../../db/open.ts";
import { RATE_LIMITS } from "../../domain/limits.ts";
import { buildApp } from "../../server/app.ts";
import { createAuth } from "../../server/auth.ts";
import { loadConfig, type Config } from "../../server/config.ts";
import { startServices, stopServices } from "../../server/instance-services.ts";
import type { ChatEventBus } from "../../server/realtime/chat-bus.ts";
import { createChatBus } from "../../server/realtime/create-chat-bus.ts";
import { localFileStore } from "../../server/storage/file-store.ts";
import { BENCH_DATABASE_URL } from "./marketplace.ts";

/** The origin the bench's requests carry: PUBLIC_URL's default, the one trusted origin in production. */
export const BENCH_ORIGIN = "http://localhost:3000";

/**
 * The app's configuration as the benches run it, with its files in `dataDir`: production, silent, one
 * auth secret for every instance (a session works on any of them). The pool: BENCH_POOL_SIZE, else the
 * app's default (DATABASE_POOL_SIZE unset).
 */
export function benchConfig(dataDir: string): Config {
  return loadConfig({
    NODE_ENV: "production",
    DATABASE_URL: BENCH_DATABASE_URL,
    ...(process.env.BENCH_POOL_SIZE ? { DATABASE_POOL_SIZE: process.env.BENCH_POOL_SIZE } : {}),
    BETTER_AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0",
    AUTH_RATE_LIMIT: "false",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    STATIC_DIR: path.join(dataDir, "no-static"),
    SEED_DEMO: "false",
  });
}

/** What a child tells its parent: its port, its CPU time when asked, and (when asked to) each chat commit. */
export type ChildMessage =
  { type: "port"; port: number } | { type: "cpu"; micros: number } | { type: "published"; messageId: number; at: number };

export type ServerProcess = {
  origin: string;
  port: number;
  /** The child's CPU time (user + system) so far, in µs. */
  cpu(): Promise<number>;
  /** Calls `listener` with each message the child sends. */
  onMessage(listener: (message: ChildMessage) => void): void;
  stop(): Promise<void>;
};

/**
 * Forks `entry` (a TypeScript file) with `args` and waits for the port it listens on. It runs on Node's
 * own type stripping, as `npm run serve` runs the server, not through tsx: tsx's compiled
 * output names every function it creates (a call per closure), which cost the app 10-20% of its CPU
 * per request in this bench and no deployment pays.
 */
export async function forkServer(entry: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<ServerProcess> {
  const child: ChildProcess = fork(entry, args, {
    execArgv: (process.env.BENCH_SERVER_NODE_OPTIONS ?? "").split(" ").filter(Boolean),
    env: { ...process.env, BENCH_DATABASE_URL, ...env },
  });
  const next = (type: ChildMessage["type"]) =>
    new Promise<ChildMessage>((resolve, reject) => {
      const onMessage = (m: ChildMessage) => {
        if (m.type !== type) return;
        child.off("message", onMessage);
        child.off("exit", onExit);
        resolve(m);
      };
      const onExit = (code: number | null) => reject(new Error(`${entry} ${args.join(" ")} exited with ${code}`));
      child.on("message", onMessage);
      child.once("exit", onExit);
    });
  const started = await next("port");
  if (started.type !== "port") throw new Error("unexpected message");
  return {
    origin: `http://127.0.0.1:${started.port}`,
    port: started.port,
    async cpu() {
      const answer = next("cpu");
      child.send({ type: "cpu" });
      const m = await answer;
      return m.type === "cpu" ? m.micros : Number.NaN;
    },
    onMessage(listener) {
      child.on("message", listener);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.send({ type: "stop" });
      }),
  };
}

/** The child's side of the conversation with the parent: its port, its CPU time when asked, stop. */
export function answerParent(port: number, stop: () => Promise<void>) {
  process.on("message", (m: { type: string }) => {
    if (m.type === "cpu") {
      const used = process.cpuUsage();
      process.send?.({ type: "cpu", micros: used.user + used.system } satisfies ChildMessage);
    } else if (m.type === "stop") {
      void stop().then(() => process.exit(0));
    }
  });
  process.send?.({ type: "port", port } satisfies ChildMessage);
}

/**
 * The app child: the real app on a free loopback port until the parent says stop. With
 * BENCH_REPORT_COMMITS=1 it tells the parent when each chat message was committed (chat.send publishes
 * right after its transaction) and lets a person send far more than RATE_LIMITS.chatMessage.
 */
async function serveApp() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "daywork-bench-"));
  const config = benchConfig(dataDir);
  const database = await openDatabase({ databaseUrl: BENCH_DATABASE_URL, maxConnections: config.databasePoolSize });
  const auth = createAuth({ db: database.db, config });
  const chat = process.env.BENCH_REPORT_COMMITS === "1";
  const inner = chat ? await createChatBus(database.sql) : null;
  const reporting: ChatEventBus | null = inner && {
    publish(conversationId, messageId) {
      process.send?.({ type: "published", messageId, at: performance.timeOrigin + performance.now() } satisfies ChildMessage);
      return inner.publish(conversationId, messageId);
    },
    subscribe: (c, l) => inner.subscribe(c, l),
    close: () => inner.close(),
    ready: () => inner.ready?.() ?? Promise.resolve(),
  };
  const services = await startServices(database, config, {
    files: localFileStore(path.join(dataDir, "uploads")),
    log: { info() {}, warn() {} },
    queue: { schedule: false },
    overrides: reporting
      ? { chatBus: reporting, rateLimits: { ...RATE_LIMITS, chatMessage: { limit: 1_000_000, windowSeconds: 60 } } }
      : {},
  });
  const app = await buildApp({ config, db: database.db, auth, services, logger: false });
  await app.listen({ port: 0, host: "127.0.0.1" });
  answerParent((app.server.address() as AddressInfo).port, async () => {
    await app.close();
    await stopServices(services);
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });
}

/** This file, for `forkServer(APP_ENTRY, ["--serve-app"])`. */
export const APP_ENTRY = new URL(import.meta.url).pathname;

if (process.argv.includes("--serve-app")) await serveApp();
