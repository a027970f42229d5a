import websocket from "@fastify/websocket";
import type { FastifyInstance } from "fastify";

import { closeSocketsForRestart } from "../ops/shutdown.ts";

/**
 * The WebSocket server of tRPC's subscriptions (server/http/trpc.ts). Messages are handled one per turn
 * of the event loop, so one socket's burst cannot hold every other request back (docs/decisions/054);
 * when the app closes, sockets are told to reconnect (1012) rather than dropped.
 */
export async function registerWebSocket(app: FastifyInstance) {
  await app.register(websocket, {
    options: { maxPayload: 1024 * 1024, allowSynchronousEvents: false },
    preClose: closeSocketsForRestart,
  });
}
