import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";

import { openDatabase, type OpenedDatabase } from "../../db/open.ts";
import { buildApp, type AppDeps } from "../app.ts";
import { createAuth } from "../auth.ts";
import { backgroundHandlers } from "../background-work.ts";
import type { Config } from "../config.ts";
import { startServices, stopServices } from "../instance-services.ts";
import { createMailer } from "../mail/create-mailer.ts";
import type { Mail, Mailer } from "../mail/mailer.ts";
import { shutDown } from "../ops/shutdown.ts";
import type { Services } from "../services.ts";
import { createFileStore } from "../storage/create-file-store.ts";
import { TEST_ORIGIN } from "../testing/test-app.ts";

const silent = { info() {}, warn() {} };

/** A mailer that remembers who it sent to, in front of the real one. */
export function countingMailer(inner: Mailer): Mailer & { sentTo: string[] } {
  const sentTo: string[] = [];
  return {
    sentTo,
    async send(mail: Mail) {
      await inner.send(mail);
      sentTo.push(mail.to);
    },
    close: () => inner.close(),
  };
}

export type Instance = {
  app: FastifyInstance;
  services: Services;
  /** Who this instance's mailer sent to (background work done here). */
  mailsSentTo: string[];
  /** http://127.0.0.1:<port> and ws://127.0.0.1:<port>/api/trpc */
  http: string;
  ws: string;
  port: number;
  /** Stops it the way a rolling restart does (server/ops/shutdown.ts), without the load balancer's delay. */
  stop(): Promise<void>;
  /**
   * Ends it as a kill -9 would, as far as the others can tell: its database connections end first, so
   * none of its cleanup reaches the database, then its sockets drop.
   */
  kill(): Promise<void>;
};

/**
 * One more server process on a database another instance uses, built as server/main.ts builds it: its
 * own connection pool, its store from the configuration (`createFileStore`), its own Postgres buses,
 * its own background workers, listening on 127.0.0.1 (`port`, or a free one).
 */
export async function startInstance(
  config: Config,
  options: { databaseUrl: string; port?: number; socketPlaces?: AppDeps["socketPlaces"] },
): Promise<Instance> {
  const database: OpenedDatabase = await openDatabase({ databaseUrl: options.databaseUrl, maxConnections: 10 });
  const mailer = countingMailer(createMailer(config, silent));
  const services = await startServices(database, config, {
    files: createFileStore(config),
    log: silent,
    queue: { schedule: false, pollingSeconds: 0.5 },
    overrides: { mailer },
  });
  const auth = createAuth({ db: database.db, config, mail: { queue: services.queue, log: services.log } });
  const app = await buildApp({ config, db: database.db, auth, services, logger: false, socketPlaces: options.socketPlaces });
  await services.queue.work(backgroundHandlers(database.db, services, config));
  await app.listen({ port: options.port ?? 0, host: "127.0.0.1" });
  const { port } = app.server.address() as AddressInfo;
  return {
    app,
    services,
    mailsSentTo: mailer.sentTo,
    http: `http://127.0.0.1:${port}`,
    ws: `ws://127.0.0.1:${port}/api/trpc`,
    port,
    stop: () => shutDown({ app, services, database, delaySeconds: 0 }),
    async kill() {
      await database.close();
      for (const socket of app.websocketServer.clients) socket.terminate();
      // What the process would have done next fails without its database, as it would not have run.
      await app.close().catch(() => {});
      await stopServices(services).catch(() => {});
    },
  };
}

/** A browser's request to an instance: our pages' Origin, and the session cookie when given. */
export function browserHeaders(cookie?: string): Record<string, string> {
  return { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) };
}

/** Calls a tRPC mutation over real HTTP, as the page does; answers the status and the parsed body. */
export async function trpcMutation(base: string, path: string, input: unknown, cookie?: string) {
  const res = await fetch(`${base}/api/trpc/${path}`, {
    method: "POST",
    headers: { ...browserHeaders(cookie), "content-type": "application/json" },
    body: JSON.stringify({ json: input }),
  });
  return { status: res.status, body: (await res.json()) as TrpcAnswer };
}

/** Calls a tRPC query over real HTTP. */
export async function trpcQuery(base: string, path: string, input: unknown, cookie?: string) {
  const res = await fetch(`${base}/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`, {
    headers: browserHeaders(cookie),
  });
  return { status: res.status, body: (await res.json()) as TrpcAnswer };
}

export type TrpcAnswer = {
  result?: { data: { json: Record<string, unknown> } };
  error?: { json: { data: { messageKey?: string; retryAfterSeconds?: number } } };
};
