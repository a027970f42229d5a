import { existsSync } from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import compress from "@fastify/compress";
import fastifyStatic from "@fastify/static";
import websocket from "@fastify/websocket";
import type { TRPCError } from "@trpc/server";
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from "@trpc/server/adapters/fastify";
import Fastify, { type FastifyServerOptions } from "fastify";

import type { Database } from "../db/database.ts";
import { LIMITS } from "../domain/limits.ts";
import { registerAuthRoute } from "./auth-route.ts";
import type { Auth } from "./auth.ts";
import { certificateUploadRoutes } from "./certificates/upload-route.ts";
import { chatImageRoutes } from "./chat/image-upload-route.ts";
import type { Config } from "./config.ts";
import { BODY_LIMITS, registerBodyLimits } from "./http/body-limits.ts";
import { registerOriginGuard } from "./http/origin-guard.ts";
import { robotsRoute } from "./http/robots.ts";
import { registerSecurityHeaders } from "./http/security-headers.ts";
import { sitemapRoutes } from "./http/sitemap.ts";
import { spaPage } from "./http/spa-page.ts";
import { registerUnavailableAnswers } from "./http/unavailable.ts";
import { DEV_INBOX_PATH, devInboxRoutes } from "./mail/dev-inbox-route.ts";
import { unsubscribeRoutes } from "./mail/unsubscribe-route.ts";
import { readinessChecks, registerHealthRoutes } from "./ops/health.ts";
import { registerMetrics } from "./ops/metrics.ts";
import { registerRequestIds, requestIdGenerator } from "./ops/request-log.ts";
import { closeSocketsForRestart, registerInstanceState } from "./ops/shutdown.ts";
import type { Services } from "./services.ts";
import { watchSessionSockets } from "./session/live-sessions.ts";
import type { SessionUser } from "./session/session-user.ts";
import { sharedSocketPlaces, SOCKET_PLACES, type SocketPlacesOptions } from "./session/socket-places.ts";
import { registerFilesRoute } from "./storage/files-route.ts";
import { RetryLater } from "./trpc/answer.ts";
import { contextInTime } from "./trpc/answered-in-time.ts";
import { createContext, type Context } from "./trpc/context.ts";
import { appRouter, type AppRouter } from "./trpc/router.ts";
import { guardedConnections, type SocketGuardLimits } from "./trpc/socket-guard.ts";
import { socketEncoder } from "./trpc/subscription-outlet.ts";

export type AppDeps = {
  config: Config;
  db: Database;
  auth: Auth;
  services: Services;
  logger?: FastifyServerOptions["logger"];
  /** The socket guard's limits and heartbeat, when a test wants them smaller or faster. */
  socketGuard?: Partial<SocketGuardLimits>;
  /** The lease of the shared socket limit (server/session/socket-places.ts), when a test wants it shorter. */
  socketPlaces?: Partial<SocketPlacesOptions>;
};

/**
 * What one WebSocket may ask at a time (domain/limits.ts), and its heartbeat: a ping every 30 s, answered
 * within 10 s (a browser answers pings by itself, whatever its page is doing).
 */
const SOCKET_GUARD: SocketGuardLimits = {
  callsPerFrame: LIMITS.batchSize,
  callsInFlight: LIMITS.socketCallsInFlight,
  subscriptions: LIMITS.socketSubscriptions,
  pauseBytes: LIMITS.socketPauseBytes,
  dropBytes: LIMITS.socketDropBytes,
  pingMs: 30_000,
  pongWaitMs: 10_000,
};

/** The address a page of ours opens its WebSocket to (ws: for http:, wss: for https:). */
function webSocketOrigin(publicUrl: string): string {
  const url = new URL(publicUrl);
  return `${url.protocol === "https:" ? "wss:" : "ws:"}//${url.host}`;
}

/** The whole HTTP surface: auth, tRPC over HTTP and WebSocket, health, and the built SPA. */
export async function buildApp(deps: AppDeps) {
  const { config, db, auth, services } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: 5000 },
    bodyLimit: BODY_LIMITS.bytes,
    // A proxy's X-Request-Id only behind a trusted proxy, else a fresh UUID (server/ops/request-log.ts).
    requestIdHeader: false,
    genReqId: requestIdGenerator(config.trustProxy),
  });
  const requestLogs = registerRequestIds(app);
  registerInstanceState(app);

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        // Our own origin only; 'self' covers the WebSocket to it (CSP level 3), named also for older browsers.
        connectSrc: ["'self'", webSocketOrigin(config.publicUrl)],
        fontSrc: ["'self'", "data:"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Sent only over HTTPS (below): over plain HTTP it would be ignored at best, a lock-out at worst.
    strictTransportSecurity: false,
  });
  app.addHook("onSend", async (request, reply) => {
    if (request.protocol === "https") reply.header("strict-transport-security", "max-age=31536000; includeSubDomains");
    // Answers of the API are personal (sessions, profiles, messages): no shared or back-forward cache keeps them.
    if (request.url.startsWith("/api/") && !reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
  });
  // Answers above a packet's size go out compressed (brotli at level 1, else gzip); the built
  // files are compressed once at build time (vite.config.ts) and served as they are. Request bodies are
  // never inflated: no client of ours sends them compressed, and a small bomb would pass the body limit.
  // Answers up to 64 KB (every page of the API) are compressed in one call: on two cores the plugin's
  // default sent those above 8 KB (a page of the home list) through a zlib stream on the threadpool,
  // whose setup cost the event loop more than the compression (a third of the list's CPU); the
  // database has the other core. Level 1 rather than 3: a page of the home list (13 KB) is 4.4 KB
  // instead of 4.0 KB, in 46 µs instead of 82 µs, and a drawn job page's 2 KB more, in 250 µs
  // instead of 560 µs: a tenth more bytes for a tenth less of the list's CPU (bench/home-list.ts).
  await app.register(compress, {
    threshold: 1400,
    syncThreshold: 65536,
    encodings: ["br", "gzip"],
    brotliOptions: {
      params: { [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_QUALITY]: 1 },
    },
    globalDecompression: false,
  });
  // tRPC answers a fetch Response, whose body reaches compression as a stream of unknown length: each
  // then went through a zlib stream whatever its size (a third of a job page's CPU). Whole in memory,
  // a small answer is sent as it is and a larger one compressed in one call. As a string rather than a
  // Buffer: Node writes a string body and the headers to the socket in one write, a Buffer in two
  // (a writev), which cost a job page 7 µs more (bench/home-list.ts).
  app.addHook("onSend", async (request, reply, payload) => {
    if (!request.url.startsWith("/api/trpc/") || !(payload instanceof Response) || !payload.body) return payload;
    // What Fastify does with a Response when it sends one: its status and headers on the reply.
    reply.code(payload.status);
    for (const [name, value] of payload.headers) reply.header(name, value);
    return await payload.text();
  });
  // When the app closes, its sockets are told to reconnect (1012) rather than just dropped. A socket's
  // messages are handled one per turn of the event loop (`allowSynchronousEvents: false`): a script's
  // burst of thousands, read in one go and all waiting on the socket's context, was otherwise answered
  // in one run of the CPU that held every other request back for a second.
  const socketOptions = { maxPayload: 1024 * 1024, allowSynchronousEvents: false };
  await app.register(websocket, { options: socketOptions, preClose: closeSocketsForRestart });
  // After the websocket plugin: its hooks must know an upgrade request to close a refused one's socket.
  registerOriginGuard(app, config.trustedOrigins);
  // Before every route and its parser: no body too large or too deep reaches one (docs/decisions/057).
  registerBodyLimits(app);
  // GET /api/metrics, and the hooks that count, only with a token to read them (METRICS_TOKEN).
  const metrics = config.metricsToken
    ? registerMetrics(app, config.metricsToken, {
        db,
        queue: services.queue,
        log: app.log,
        readiness: () => readinessChecks({ db, services }, app.log),
      })
    : null;

  // What the database cannot serve in time is answered 503 "try again", never a 500 (docs/decisions/062).
  registerUnavailableAnswers(app, { deadlineMs: config.requestDeadlineMs, metrics });
  registerAuthRoute(app, auth, { deadlineMs: config.requestDeadlineMs });
  // Account mails still being sent finish before the database they read closes.
  app.addHook("onClose", async () => auth.settleBackgroundTasks());
  registerFilesRoute(app, { store: services.files, secret: services.fileLinkSecret, now: services.now });
  // Multipart uploads in their own scope, outside the tRPC plugin's (it replaces the parsers there).
  await app.register(certificateUploadRoutes, { db, auth, services });
  await app.register(chatImageRoutes, { db, auth, services });
  // The unsubscribe link of notification e-mails, in its own scope (it accepts the form posts of mail clients).
  await app.register(unsubscribeRoutes, { db, config, now: services.now });
  // The local inbox in the browser, only while mail stays on this machine and never in production.
  const devInbox = config.env !== "production" && !config.mail.smtpUrl;
  if (devInbox) await app.register(devInboxRoutes, { dir: config.mail.dir });

  registerHealthRoutes(app, { db, services, state: app.instanceState });

  const contextDeps = { db, auth, config, services, metrics };
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
      contextInTime({ config, log: req.log, metrics }, () => createContext(contextDeps, req.headers, undefined, req.log)),
    onError: logFailure,
    // A batch answered "try again" says when, as the plain routes do (docs/decisions/062).
    responseMeta({ errors }) {
      const wait = errors.find((error) => error.code === "SERVICE_UNAVAILABLE" && error.cause instanceof RetryLater)?.cause;
      return wait instanceof RetryLater ? { headers: { "retry-after": String(wait.seconds) } } : {};
    },
  } satisfies FastifyTRPCPluginOptions<AppRouter>["trpcOptions"];
  await app.register(fastifyTRPCPlugin, { prefix: "/api/trpc", trpcOptions } satisfies FastifyTRPCPluginOptions<AppRouter>);
  // The socket's calls go to tRPC through a guard: frames within limits, one per turn of the event loop,
  // unread while answers wait unsent, and a heartbeat (server/trpc/socket-guard.ts, decision 054).
  const guardedSocket = guardedConnections(
    {
      router: appRouter,
      async createContext(socket, upgrade) {
        const watch = { connection: socket, watch: (user: SessionUser) => sessionSockets.track(socket.socket, user) };
        const log = requestLogs.ofUpgrade(upgrade) ?? app.log;
        const ctx = await contextInTime({ config, log, metrics }, () => createContext(contextDeps, upgrade.headers, watch, log));
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

  // For crawlers: which pages to read, and every open job's page (docs/product.md, Shareable pages).
  await app.register(robotsRoute, { publicUrl: config.publicUrl });
  await app.register(sitemapRoutes, { db, publicUrl: config.publicUrl });

  const indexHtml = path.join(config.staticDir, "index.html");
  const hasSpa = existsSync(indexHtml);
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: config.staticDir,
      wildcard: false,
      index: false,
      // The .br and .gz files the build wrote beside each asset, chosen by Accept-Encoding (with Vary).
      preCompressed: true,
      // ...and not routes of their own: a route per file is made at start, a third of them these (decision 066).
      globIgnore: ["**/*.br", "**/*.gz"],
      // Vite's file names carry a content hash: cache them for good; everything else revalidates.
      setHeaders(reply, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header("cache-control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
    const page = spaPage({ staticDir: config.staticDir, context: contextDeps, log: app.log });
    // Every other address is a page of the SPA (HEAD too, answered like GET); a missing file under
    // /assets/ or an unknown /api/ path is a 404, not a page.
    app.get("/*", async (request, reply) => {
      const url = request.url;
      if (url.startsWith("/api/") || url.startsWith("/assets/") || url.startsWith(DEV_INBOX_PATH)) return reply.callNotFound();
      // The page carries the reader's own first screen: never kept by a browser or a proxy (the server
      // serves a visitor's drawn page again for a few seconds, http/visitor-pages.ts). An address that is no
      // page, or a job or profile that is not there, is a 404 with the same page (its "not found").
      const answer = await page(request);
      reply.status(answer.status).type("text/html; charset=utf-8").header("cache-control", "no-store");
      // A page kept for visitors comes compressed once, not for each of them (@fastify/compress leaves
      // an answer that has its Content-Encoding alone).
      const encoded = "encodedFor" in answer ? answer.encodedFor(request.headers["accept-encoding"]) : null;
      if (!encoded) return reply.send(answer.html);
      return reply.header("content-encoding", encoded.encoding).header("vary", "accept-encoding").send(encoded.bytes);
    });
  }
  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ error: "Not Found" }));

  return app;
}
