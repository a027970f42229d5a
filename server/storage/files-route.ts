import type { FastifyInstance } from "fastify";

import { contentTypeOf, type FileStore } from "./file-store.ts";
import { verifyFileLink } from "./signed-links.ts";

/**
 * GET /api/files/:token serves a stored file when the token's signature and expiry hold, checked on
 * every request; anything else is 403 and says nothing about whether the file exists. The file streams
 * from whichever store is configured (a bucket stays private: docs/decisions/027), so the link's
 * lifetime and the headers below are the same on every store.
 */
export function registerFilesRoute(app: FastifyInstance, deps: { store: FileStore; secret: string; now: () => Date }) {
  app.get<{ Params: { token: string } }>("/api/files/:token", async (request, reply) => {
    const claims = verifyFileLink(request.params.token, deps.secret, deps.now());
    if (!claims) return reply.status(403).send({ error: "Forbidden" });
    const file = await deps.store.open(claims.key);
    if (!file) return reply.status(403).send({ error: "Forbidden" });
    const maxAge = Math.max(0, claims.exp - Math.floor(deps.now().getTime() / 1000));
    reply
      .type(contentTypeOf(claims.key))
      .header("content-length", file.size)
      .header("cache-control", `private, max-age=${maxAge}`)
      .header("x-content-type-options", "nosniff")
      .header("content-security-policy", "default-src 'none'; sandbox");
    if (claims.name) {
      reply.header("content-disposition", `attachment; filename*=UTF-8''${encodeURIComponent(claims.name)}`);
    }
    return reply.send(file.stream);
  });
}
