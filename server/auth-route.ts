import type { FastifyInstance } from "fastify";
import type { Auth } from "./auth.ts";
import { CLIENT_IP_HEADER } from "./auth.ts";

/**
 * Mounts better-auth as a catch-all under /api/auth. Each Set-Cookie is forwarded on its own (merging
 * headers into one object would lose all but one cookie), and the client's IP is passed in a header we
 * control, so rate limits count per client.
 */
export function registerAuthRoute(app: FastifyInstance, auth: Auth) {
  app.route({
    method: ["GET", "POST"],
    url: "/api/auth/*",
    async handler(request, reply) {
      const url = new URL(request.url, `http://${request.headers.host ?? "localhost"}`);
      const headers = new Headers();
      for (const [key, value] of Object.entries(request.headers)) {
        if (value === undefined || key.toLowerCase() === CLIENT_IP_HEADER) continue;
        headers.set(key, Array.isArray(value) ? value.join(", ") : value);
      }
      headers.set(CLIENT_IP_HEADER, request.ip);
      const hasBody = request.method !== "GET" && request.body !== undefined;
      const response = await auth.handler(
        new Request(url, { method: request.method, headers, body: hasBody ? JSON.stringify(request.body) : undefined }),
      );
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key.toLowerCase() !== "set-cookie") reply.header(key, value);
      });
      for (const cookie of response.headers.getSetCookie()) reply.header("set-cookie", cookie);
      return reply.send(response.body ? await response.text() : null);
    },
  });
}
