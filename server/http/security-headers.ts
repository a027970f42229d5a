import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";

/**
 * Helmet's headers, worked out once: our policy has no per-request part (no nonces), so the headers
 * helmet would write are the same on every answer (docs/decisions/013).
 */
export function securityHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
    },
    removeHeader() {},
  };
  helmet(options)({} as IncomingMessage, collector as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** The address a page of ours opens its WebSocket to (ws: for http:, wss: for https:). */
function webSocketOrigin(publicUrl: string): string {
  const url = new URL(publicUrl);
  return `${url.protocol === "https:" ? "wss:" : "ws:"}//${url.host}`;
}

/** Our pages load scripts, styles and connections from our own origin only (docs/decisions/013). */
function helmetOptions(publicUrl: string): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        // 'self' covers the WebSocket to our origin (CSP level 3); named also for older browsers.
        connectSrc: ["'self'", webSocketOrigin(publicUrl)],
        fontSrc: ["'self'", "data:"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Sent only over HTTPS (below): over plain HTTP it would be ignored at best, a lock-out at worst.
    strictTransportSecurity: false,
  };
}

/**
 * Every answer carries helmet's headers for our policy, HSTS when it came over HTTPS, and an API answer
 * `Cache-Control: no-store` unless it sets its own (docs/decisions/013).
 */
export function registerSecurityHeaders(app: FastifyInstance, publicUrl: string) {
  const headers = securityHeaders(helmetOptions(publicUrl));
  app.addHook("onRequest", (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  app.addHook("onSend", async (request, reply) => {
    if (request.protocol === "https") reply.header("strict-transport-security", "max-age=31536000; includeSubDomains");
    // API answers are personal (sessions, profiles, messages): no shared or back-forward cache keeps them.
    if (request.url.startsWith("/api/") && !reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
  });
}
