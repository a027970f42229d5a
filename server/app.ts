import { existsSync } from "node:fs";
import path from "node:path";
import helmet from "@fastify/helmet";
import fastifyStatic from "@fastify/static";
import websocket from "@fastify/websocket";
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from "@trpc/server/adapters/fastify";
import { sql } from "drizzle-orm";
import Fastify, { type FastifyServerOptions } from "fastify";
import type { Database } from "../db/database.ts";
import type { Auth } from "./auth.ts";
import { certificateUploadRoutes } from "./certificates/upload-route.ts";
import { chatImageRoutes } from "./chat/image-upload-route.ts";
import { registerAuthRoute } from "./auth-route.ts";
import type { Config } from "./config.ts";
import type { Services } from "./services.ts";
import { registerFilesRoute } from "./storage/files-route.ts";
import { createContext } from "./trpc/context.ts";
import { type AppRouter, appRouter } from "./trpc/router.ts";

export type AppDeps = {
  config: Config;
  db: Database;
  auth: Auth;
  services: Services;
  logger?: FastifyServerOptions["logger"];
};

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
        connectSrc: ["'self'", "ws:", "wss:"],
        fontSrc: ["'self'", "data:"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(websocket, { options: { maxPayload: 1024 * 1024 } });

  registerAuthRoute(app, auth);
  registerFilesRoute(app, { store: services.files, secret: services.fileLinkSecret, now: services.now });
  // Multipart uploads in their own scope, outside the tRPC plugin's (it replaces the parsers there).
  await app.register(certificateUploadRoutes, { db, auth, services, trustedOrigins: config.trustedOrigins });
  await app.register(chatImageRoutes, { db, auth, services, trustedOrigins: config.trustedOrigins });

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
  await app.register(fastifyTRPCPlugin, {
    prefix: "/api/trpc",
    useWSS: true,
    trpcOptions: {
      router: appRouter,
      createContext: ({ req }) => createContext(contextDeps, req.headers),
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
      // Vite's file names carry a content hash: cache them for good; everything else revalidates.
      setHeaders(reply, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header("cache-control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === "GET" && !request.url.startsWith("/api/");
    if (wantsPage && hasSpa) return reply.type("text/html").header("cache-control", "no-cache").sendFile("index.html");
    return reply.status(404).send({ error: "Not Found" });
  });

  return app;
}
