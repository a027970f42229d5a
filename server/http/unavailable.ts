import type { FastifyInstance } from "fastify";

import { isDatabaseUnavailable } from "../../db/database-unavailable.ts";
import { isDeadlinePassed, startDeadline } from "../../db/request-deadline.ts";
import type { ProcedureMetrics, UnavailableCause } from "../ops/metrics.ts";
import { sendRefusal } from "./send-refusal.ts";

/**
 * The Retry-After of a "temporarily unavailable, try again" answer: long enough for a restarting
 * Postgres or a failover to come back, short enough that a person's retry soon succeeds.
 */
export const UNAVAILABLE_RETRY_SECONDS = 5;

/** Why `error` is answered "try again" (503): a passed deadline, the database down or too slow; null for anything else. */
export function unavailableCause(error: unknown): UnavailableCause | null {
  if (isDeadlinePassed(error)) return "deadline";
  return isDatabaseUnavailable(error) ? "database" : null;
}

/**
 * Answers what the database could not serve in time 503 with Retry-After, never 500 (docs/decisions/062).
 * Register before the routes, so every scope inherits the error handler.
 */
export function registerUnavailableAnswers(
  app: FastifyInstance,
  options: { deadlineMs: number; metrics: ProcedureMetrics | null },
) {
  app.addHook("onRequest", (request, reply, done) => {
    // A socket's calls have a deadline each; its upgrade request is not bounded.
    if (!request.url.startsWith("/api/trpc") || request.headers.upgrade) return done();
    const stop = startDeadline(options.deadlineMs, done);
    reply.raw.once("close", stop);
  });
  app.setErrorHandler((error, request, reply) => {
    const cause = unavailableCause(error);
    // Anything else is answered as Fastify always has (its default handler, with its log line).
    if (!cause) throw error;
    request.log.warn({ err: error, cause }, "answered 503: the database could not serve the request in time");
    options.metrics?.countUnavailable("http", cause);
    return sendRefusal(reply, "service_unavailable", UNAVAILABLE_RETRY_SECONDS);
  });
}
