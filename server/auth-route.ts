import type { FastifyInstance } from "fastify";

import { withinDeadline } from "../db/request-deadline.ts";
import { CLIENT_IP_HEADER, type Auth } from "./auth.ts";
import { sendRefusal } from "./http/send-refusal.ts";
import { unavailableCause } from "./http/unavailable.ts";

/**
 * The better-auth endpoints the app uses. Every other one (update-user, change-email, list-sessions, …)
 * answers 404: profile changes go through our own procedures and schemas (profiles.update), so no
 * better-auth endpoint can store a name or e-mail our limits never saw (docs/decisions/013).
 */
const AUTH_ENDPOINTS = new Set([
  "/sign-up/email",
  "/sign-in/email",
  "/sign-out",
  "/get-session",
  "/change-password",
  // Account recovery and address confirmation (docs/decisions/017).
  "/request-password-reset",
  "/reset-password",
  "/send-verification-email",
  "/verify-email",
]);

/**
 * What sign-up passes on to better-auth: our form's fields (domain/auth.ts signUpSchema, the name under
 * better-auth's key), the interface language and the confirmation link's return page. Any other field is
 * dropped unread: better-auth would store some (`image` took `javascript:` URLs and 900,000 characters
 * that every later session answer carried), and no schema of ours checks them (docs/decisions/057).
 */
const SIGN_UP_FIELDS = [
  "name",
  "email",
  "password",
  "ageConfirmed",
  "consentDataProcessing",
  "termsAccepted",
  "language",
  "callbackURL",
  "rememberMe",
] as const;

/** The body as forwarded: sign-up's own fields only; anything else as sent (better-auth and our hooks check it). */
function forwardedBody(endpoint: string, body: unknown): unknown {
  if (endpoint !== "/sign-up/email" || typeof body !== "object" || body === null || Array.isArray(body)) return body;
  const sent = body as Record<string, unknown>;
  return Object.fromEntries(SIGN_UP_FIELDS.filter((field) => Object.hasOwn(sent, field)).map((field) => [field, sent[field]]));
}

/**
 * Mounts better-auth's endpoints that the app uses under /api/auth. Each Set-Cookie is forwarded on its own (merging
 * headers into one object would lose all but one cookie), and the client's IP is passed in a header we
 * control, so rate limits count per client. Closing the app waits for better-auth's background work.
 */
export function registerAuthRoute(app: FastifyInstance, auth: Auth, options: { deadlineMs: number }) {
  app.route({
    method: ["GET", "POST"],
    url: "/api/auth/*",
    async handler(request, reply) {
      const url = new URL(request.url, `http://${request.headers.host ?? "localhost"}`);
      const endpoint = url.pathname.slice("/api/auth".length);
      if (!AUTH_ENDPOINTS.has(endpoint)) return sendRefusal(reply, "not_found");
      const headers = new Headers();
      for (const [key, value] of Object.entries(request.headers)) {
        if (value === undefined || key.toLowerCase() === CLIENT_IP_HEADER) continue;
        headers.set(key, Array.isArray(value) ? value.join(", ") : value);
      }
      headers.set(CLIENT_IP_HEADER, request.ip);
      const hasBody = request.method === "POST" && request.body !== undefined;
      // HEAD is asked as GET (better-auth routes GET only); Node leaves the body out of a HEAD answer.
      const method = request.method === "HEAD" ? "GET" : request.method;
      const answer = () =>
        auth.handler(
          new Request(url, {
            method,
            headers,
            body: hasBody ? JSON.stringify(forwardedBody(endpoint, request.body)) : undefined,
          }),
        );
      // Within the request deadline: past it, or with the database down, the error handler answers 503
      // "try again" (server/http/unavailable.ts). better-auth throws what is not its own refusal
      // (`onAPIError.throw`); any other fault stays the bare 500 better-auth gave, its text in the log only.
      const response = await withinDeadline(options.deadlineMs, answer).catch((error: unknown) => {
        if (unavailableCause(error)) throw error;
        request.log.error({ err: error, endpoint }, "auth request failed");
        return new Response(null, { status: 500 });
      });
      // better-auth's own rate-limit answer (it alone sets x-retry-after) has no message key: answer it as
      // our refusals read. Our own 429s (the per-address sign-in wait) carry theirs and pass as they are.
      if (response.status === 429 && response.headers.has("x-retry-after")) {
        const retryAfter = response.headers.get("x-retry-after");
        if (retryAfter) reply.header("retry-after", retryAfter);
        return sendRefusal(reply, "too_many_requests");
      }
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key.toLowerCase() !== "set-cookie") reply.header(key, value);
      });
      for (const cookie of response.headers.getSetCookie()) reply.header("set-cookie", cookie);
      return reply.send(response.body ? await response.text() : null);
    },
  });
  // Account mails still being sent finish before the database they read closes.
  app.addHook("onClose", async () => auth.settleBackgroundTasks());
}
