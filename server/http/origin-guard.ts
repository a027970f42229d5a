import type { FastifyInstance, FastifyRequest } from "fastify";

import { WEBHOOK_PATHS } from "../payments/webhook-urls.ts";
import { sendRefusal } from "./send-refusal.ts";

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * POST routes any site may call, each authorized by what it carries instead of by who calls it: the
 * one-click unsubscribe of notification e-mails (server/mail/unsubscribe-route.ts): mail providers
 * POST to it from their own servers (RFC 8058), with no Origin of ours; its signed token names the one
 * person it may unsubscribe, and all it can do is turn their notification e-mails off. And the payment
 * providers' notifications (server/http/payment-webhooks.ts), each verified by its signature or by
 * fetching its object again from the provider (docs/decisions/077, 079).
 */
const OPEN_POSTS = new Set(["/api/unsubscribe", WEBHOOK_PATHS.yookassa, WEBHOOK_PATHS.stripe]);

/** A request that can change something or open a socket: it must come from one of our pages. */
function needsTrustedOrigin(request: FastifyRequest): boolean {
  if (!request.url.startsWith("/api/")) return false;
  if (request.method === "POST" && OPEN_POSTS.has(request.url.split("?")[0] ?? "")) return false;
  return !READS.has(request.method) || request.headers.upgrade?.toLowerCase() === "websocket";
}

/** Our page made this request: its Origin is one of ours, or (no Origin sent) the browser says same-origin. */
function fromTrustedOrigin(request: FastifyRequest, trusted: ReadonlySet<string>): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) return trusted.has(origin);
  return request.headers["sec-fetch-site"] === "same-origin";
}

/** tRPC mutations are JSON; a form (urlencoded, multipart, text/plain) posted from elsewhere is not. */
function isJson(request: FastifyRequest): boolean {
  return request.headers["content-type"]?.split(";")[0]?.trim().toLowerCase() === "application/json";
}

/**
 * Cross-site request forgery and WebSocket hijacking guard (docs/decisions/013): every state-changing
 * request under /api/ (tRPC mutations, uploads, auth) and every WebSocket upgrade must come from
 * `trustedOrigins`; a request without Origin is let through only when the browser marks it
 * same-origin. tRPC mutations must be `application/json`, which a plain HTML form cannot send.
 */
export function registerOriginGuard(app: FastifyInstance, trustedOrigins: readonly string[]) {
  const trusted = new Set(trustedOrigins);
  app.addHook("onRequest", async (request, reply) => {
    if (!needsTrustedOrigin(request)) return;
    if (!fromTrustedOrigin(request, trusted)) return sendRefusal(reply, "foreign_origin");
    if (request.method === "POST" && request.url.startsWith("/api/trpc/") && !isJson(request)) {
      return sendRefusal(reply, "not_json");
    }
  });
}
