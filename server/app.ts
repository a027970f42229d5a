import { existsSync } from "node:fs";
import path from "node:path";
import compress from "@fastify/compress";
import helmet from "@fastify/helmet";
import fastifyStatic from "@fastify/static";
import websocket from "@fastify/websocket";
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from "@trpc/server/adapters/fastify";
import { sql } from "drizzle-orm";
import Fastify, { type FastifyServerOptions } from "fastify";
import { WebSocket } from "ws";

import type { Database } from "../db/database.ts";
import { LIMITS } from "../domain/limits.ts";
import { registerAuthRoute } from "./auth-route.ts";
import type { Auth } from "./auth.ts";
import { certificateUploadRoutes } from "./certificates/upload-route.ts";
import { chatImageRoutes } from "./chat/image-upload-route.ts";
import type { Config } from "./config.ts";
import { registerOriginGuard } from "./http/origin-guard.ts";
import { spaPage } from "./http/spa-page.ts";
import { DEV_INBOX_PATH, devInboxRoutes } from "./mail/dev-inbox-route.ts";
import { unsubscribeRoutes } from "./mail/unsubscribe-route.ts";
import type { Services } from "./services.ts";
import { watchSessionSockets } from "./session/live-sessions.ts";
import { registerFilesRoute } from "./storage/files-route.ts";
import { createContext } from "./trpc/context.ts";
import { appRouter, type AppRouter } from "./trpc/router.ts";

export type AppDeps = {
  config: Config;
  db: Database;
  auth: Auth;
  services: Services;
  logger?: FastifyServerOptions["logger"];
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
    bodyLimit: 1024 * 1024,
  });

  await app.register(helmet, {
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
  // Answers above a packet's size go out compressed (brotli at a cheap level, else gzip); the built
  // files are compressed once at build time (vite.config.ts) and served as they are. Request bodies are
  // never inflated: no client of ours sends them compressed, and a small bomb would pass the body limit.
  await app.register(compress, { threshold: 1400, encodings: ["br", "gzip"], globalDecompression: false });
  // tRPC answers a fetch Response, whose body reaches compression as a stream of unknown length: each
  // then went through a zlib stream whatever its size (a third of a job page's CPU). Whole in memory,
  // a small answer is sent as it is and a larger one compressed in one call.
  app.addHook("onSend", async (request, reply, payload) => {
    if (!request.url.startsWith("/api/trpc/") || !(payload instanceof Response) || !payload.body) return payload;
    // What Fastify does with a Response when it sends one: its status and headers on the reply.
    reply.code(payload.status);
    for (const [name, value] of payload.headers) reply.header(name, value);
    return Buffer.from(await payload.arrayBuffer());
  });
  await app.register(websocket, { options: { maxPayload: 1024 * 1024 } });
  // After the websocket plugin: its hooks must know an upgrade request to close a refused one's socket.
  registerOriginGuard(app, config.trustedOrigins);

  registerAuthRoute(app, auth);
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

  app.get("/api/health", async (_request, reply) => {
    try {
      await db.execute(sql`select 1`);
      return { status: "ok" };
    } catch (error) {
      app.log.error({ err: error }, "health check: database unavailable");
      return reply.status(503).send({ status: "unavailable" });
    }
  });

  const contextDeps = { db, auth, config, services };
  const sessionSockets = watchSessionSockets(db, (error) => app.log.error({ err: error }, "socket session sweep failed"));
  app.addHook("onClose", async () => sessionSockets.stop());
  await app.register(fastifyTRPCPlugin, {
    prefix: "/api/trpc",
    useWSS: true,
    trpcOptions: {
      router: appRouter,
      maxBatchSize: LIMITS.batchSize,
      createContext: ({ req, res }) =>
        createContext(
          contextDeps,
          req.headers,
          res instanceof WebSocket ? { watch: (user) => sessionSockets.track(res, user) } : undefined,
        ),
      keepAlive: { enabled: true, pingMs: 30_000, pongWaitMs: 5_000 },
      onError({ path, error }) {
        if (error.code === "INTERNAL_SERVER_ERROR") app.log.error({ err: error, path }, "tRPC procedure failed");
      },
    },
  } satisfies FastifyTRPCPluginOptions<AppRouter>);

  const indexHtml = path.join(config.staticDir, "index.html");
  const hasSpa = existsSync(indexHtml);
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: config.staticDir,
      wildcard: false,
      index: false,
      // The .br and .gz files the build wrote beside each asset, chosen by Accept-Encoding (with Vary).
      preCompressed: true,
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
      // The page carries the reader's own first screen: never kept by any cache.
      return reply
        .type("text/html; charset=utf-8")
        .header("cache-control", "no-store")
        .send(await page(request));
    });
  }
  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ error: "Not Found" }));

  return app;
}
