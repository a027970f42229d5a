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
 * Gives the app its `instanceState`; once stopping, every answer closes its connection, or a kept-alive one
 * would hold Fastify's close for the whole keep-alive timeout (docs/decisions/030).
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
 * Stops an instance without dropping work: readiness fails, Fastify closes (sockets with 1012), background
 * workers finish, the database closes last (docs/decisions/030).
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
