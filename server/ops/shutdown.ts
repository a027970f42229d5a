import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyInstance } from "fastify";

import { SERVICE_RESTART_CLOSE_CODE } from "../../domain/live-socket.ts";
import { stopServices } from "../instance-services.ts";
import type { Services } from "../services.ts";
import type { InstanceState } from "./health.ts";

/**
 * @fastify/websocket's `preClose` for this app: every open socket is closed with 1012 (Service Restart),
 * which the page's client answers by reconnecting and resuming its feeds (domain/live-socket.ts). It
 * runs once Fastify is closing, so an upgrade that still arrives is answered 503 and retried elsewhere.
 */
export function closeSocketsForRestart(this: FastifyInstance, done: () => void) {
  for (const socket of this.websocketServer.clients) socket.close(SERVICE_RESTART_CLOSE_CODE, "server restarting");
  // No new connections on the ws server; the HTTP server waits for the closing sockets to end.
  this.websocketServer.close();
  done();
}

/**
 * Gives the app its `instanceState` (read by GET /api/ready), marked stopping by `shutDown` or, at the
 * latest, when Fastify starts closing. From then on every answer closes its connection: a request in
 * flight when the listener closed would otherwise leave its kept-alive connection open, and Fastify's
 * close would wait the keep-alive timeout (72 s) for it.
 */
export function registerInstanceState(app: FastifyInstance) {
  const state: InstanceState = { stopping: false };
  app.decorate("instanceState", state);
  app.addHook("preClose", async () => {
    state.stopping = true;
  });
  app.addHook("onSend", async (_request, reply) => {
    if (state.stopping) reply.header("connection", "close");
  });
}

export type RunningInstance = {
  app: FastifyInstance;
  services: Services;
  database: { close(): Promise<void> };
  /** Seconds /api/ready answers 503 before the instance closes (SHUTDOWN_DELAY_SECONDS). */
  delaySeconds: number;
};

/**
 * Stops an instance without dropping work, in this order:
 * 1. /api/ready answers 503 (load balancers that poll it stop sending traffic during `delaySeconds`);
 * 2. Fastify closes: the listener stops accepting, WebSockets are closed with 1012 so pages reconnect
 *    elsewhere, requests in flight finish (new ones on kept-alive connections get 503), then the app's
 *    own onClose work (session sweeps, account mails being sent);
 * 3. the background workers finish the job each is running and stop, the buses stop listening;
 * 4. the database closes, last, since every step before may still use it.
 */
export async function shutDown(instance: RunningInstance): Promise<void> {
  const { app, services, database, delaySeconds } = instance;
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  app.instanceState.stopping = true;
  app.log.info({ delaySeconds }, "stopping: /api/ready answers 503");
  if (delaySeconds > 0) await sleep(delaySeconds * 1000);
  await app.close();
  app.log.info({ ms: elapsed() }, "stopping: HTTP closed, sockets told to reconnect, requests in flight answered");
  await stopServices(services);
  app.log.info({ ms: elapsed() }, "stopping: background workers finished their jobs");
  await database.close();
  app.log.info({ ms: elapsed() }, "stopped: database closed");
}
