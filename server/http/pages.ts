import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

import type { Config } from "../config.ts";
import { DEV_INBOX_PATH } from "../mail/dev-inbox-route.ts";
import type { ContextDeps } from "../trpc/context.ts";
import { robotsRoute } from "./robots.ts";
import { sitemapRoutes } from "./sitemap.ts";
import { spaPage } from "./spa-page.ts";

/**
 * What crawlers read (docs/product.md, Shareable pages), and, when the SPA is built, its files and every
 * other address as a page of it, rendered on the server with the reader's first screen (docs/decisions/037).
 */
export async function registerPages(app: FastifyInstance, deps: { config: Config; context: ContextDeps }) {
  const { config, context } = deps;
  await app.register(robotsRoute, { publicUrl: config.publicUrl });
  await app.register(sitemapRoutes, { db: context.db, publicUrl: config.publicUrl });

  if (!existsSync(path.join(config.staticDir, "index.html"))) return;
  await app.register(fastifyStatic, {
    root: config.staticDir,
    wildcard: false,
    index: false,
    // The .br and .gz files the build wrote beside each asset, chosen by Accept-Encoding (with Vary)...
    preCompressed: true,
    // ...and not routes of their own (docs/decisions/066).
    globIgnore: ["**/*.br", "**/*.gz"],
    // Vite's file names carry a content hash: cache them for good; everything else revalidates.
    setHeaders(reply, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header("cache-control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });
  const page = spaPage({ staticDir: config.staticDir, context, log: app.log });
  // Every other address is a page (HEAD too, answered like GET); a missing file under /assets/ or an
  // unknown /api/ path is a 404, not a page.
  app.get("/*", async (request, reply) => {
    const url = request.url;
    if (url.startsWith("/api/") || url.startsWith("/assets/") || url.startsWith(DEV_INBOX_PATH)) return reply.callNotFound();
    // The reader's own first screen, so no browser or proxy keeps it (a visitor's page has a server-side
    // micro-cache, docs/decisions/039). No such page, job or profile: a 404 with the same page.
    const answer = await page(request);
    reply.status(answer.status).type("text/html; charset=utf-8").header("cache-control", "no-store");
    // A page from the visitors' micro-cache comes compressed once, not for each (@fastify/compress leaves it alone).
    const encoded = "encodedFor" in answer ? answer.encodedFor(request.headers["accept-encoding"]) : null;
    if (!encoded) return reply.send(answer.html);
    return reply.header("content-encoding", encoded.encoding).header("vary", "accept-encoding").send(encoded.bytes);
  });
}
