import type { TRPCError } from "@trpc/server";
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from "@trpc/server/adapters/fastify";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

import { LIMITS } from "../../domain/limits.ts";
import type { AppMetrics } from "../ops/metrics.ts";
import type { RequestLogs } from "../ops/request-log.ts";
import { watchSessionSockets } from "../session/live-sessions.ts";
import type { SessionUser } from "../session/session-user.ts";
import { sharedSocketPlaces, SOCKET_PLACES, type SocketPlacesOptions } from "../session/socket-places.ts";
import { RetryLater } from "../trpc/answer.ts";
import { contextInTime } from "../trpc/answered-in-time.ts";
import { createContext, type Context, type ContextDeps } from "../trpc/context.ts";
import { appRouter, type AppRouter } from "../trpc/router.ts";
import { guardedConnections, type SocketGuardLimits } from "../trpc/socket-guard.ts";
import { socketEncoder } from "../trpc/subscription-outlet.ts";

export type TrpcDeps = {
  /** What each call's context is made of (server/trpc/context.ts). */
  context: ContextDeps & { metrics: AppMetrics | null };
  /** The logger of the request that opened a socket (server/ops/request-log.ts). */
  requestLogs: RequestLogs;
  /** The socket guard's limits and heartbeat, when a test wants them smaller or faster. */
  socketGuard?: Partial<SocketGuardLimits> | undefined;
  /** The lease of the shared socket limit, when a test wants it shorter. */
  socketPlaces?: Partial<SocketPlacesOptions> | undefined;
};

/** What one WebSocket may ask at a time (domain/limits.ts), and its heartbeat (docs/decisions/054). */
const SOCKET_GUARD: SocketGuardLimits = {
  callsPerFrame: LIMITS.batchSize,
  callsInFlight: LIMITS.socketCallsInFlight,
  subscriptions: LIMITS.socketSubscriptions,
  pauseBytes: LIMITS.socketPauseBytes,
  dropBytes: LIMITS.socketDropBytes,
  pingMs: 30_000,
  pongWaitMs: 10_000,
};

/**
 * A tRPC answer (a fetch Response) read whole, so compression takes it in one call rather than as a
 * stream of unknown length, and as a string, which Node writes with its headers at once (docs/decisions/024).
 */
async function trpcAnswerAsText(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (!request.url.startsWith("/api/trpc/") || !(payload instanceof Response) || !payload.body) return payload;
  // What Fastify does with a Response when it sends one: its status and headers on the reply.
  reply.code(payload.status);
  for (const [name, value] of payload.headers) reply.header(name, value);
  return await payload.text();
}

/**
 * The procedures of server/trpc/router.ts over HTTP (/api/trpc/*) and over one WebSocket per page
 * (GET /api/trpc), whose calls pass a guard first (server/trpc/socket-guard.ts, docs/decisions/054).
 * Register after @fastify/websocket (server/http/websocket.ts) and after the routes with their own parsers.
 */
export async function registerTrpc(app: FastifyInstance, deps: TrpcDeps) {
  const { context, requestLogs } = deps;
  const { config, db, metrics } = context;
  // Each signed-in socket holds one of its person's places across every instance (decision 065).
  const socketPlaces = sharedSocketPlaces(db, (error) => app.log.error({ err: error }, "socket places failed"), {
    ...SOCKET_PLACES,
    ...deps.socketPlaces,
  });
  const sessionSockets = watchSessionSockets(db, socketPlaces, (error) =>
    app.log.error({ err: error }, "socket session sweep failed"),
  );
  app.addHook("onClose", async () => {
    sessionSockets.stop();
    await socketPlaces.close();
  });
  const logFailure = ({ path, error, ctx }: { path?: string | undefined; error: TRPCError; ctx?: Context | undefined }) => {
    if (error.code === "INTERNAL_SERVER_ERROR") (ctx?.log ?? app.log).error({ err: error, path }, "tRPC procedure failed");
  };
  const trpcOptions = {
    router: appRouter,
    maxBatchSize: LIMITS.batchSize,
    createContext: ({ req }) =>
      contextInTime({ config, log: req.log, metrics }, () => createContext(context, req.headers, undefined, req.log)),
    onError: logFailure,
    // A batch answered "try again" says when, as the plain routes do (docs/decisions/062).
    responseMeta({ errors }) {
      const wait = errors.find((error) => error.code === "SERVICE_UNAVAILABLE" && error.cause instanceof RetryLater)?.cause;
      return wait instanceof RetryLater ? { headers: { "retry-after": String(wait.seconds) } } : {};
    },
  } satisfies FastifyTRPCPluginOptions<AppRouter>["trpcOptions"];
  app.addHook("onSend", trpcAnswerAsText);
  await app.register(fastifyTRPCPlugin, { prefix: "/api/trpc", trpcOptions } satisfies FastifyTRPCPluginOptions<AppRouter>);

  const guardedSocket = guardedConnections(
    {
      router: appRouter,
      async createContext(socket, upgrade) {
        const watch = { connection: socket, watch: (user: SessionUser) => sessionSockets.track(socket.socket, user) };
        const log = requestLogs.ofUpgrade(upgrade) ?? app.log;
        const ctx = await contextInTime({ config, log, metrics }, () => createContext(context, upgrade.headers, watch, log));
        if (metrics && ctx.socket) metrics.watchSocket(socket.socket, ctx.socket);
        return ctx;
      },
      experimental_encoder: socketEncoder,
      onError: logFailure,
      wss: app.websocketServer,
    },
    { ...SOCKET_GUARD, ...deps.socketGuard },
  );
  app.get("/api/trpc", { websocket: true }, (socket, request) => guardedSocket(socket, request.raw));
}
