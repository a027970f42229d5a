import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";

/** What an incoming X-Request-Id may look like to be kept: a proxy's id, not a place to smuggle text into logs. */
const INCOMING_ID = /^[\w.:@/+=-]{1,128}$/;

/**
 * Fastify's `genReqId`: behind a trusted proxy (TRUST_PROXY) the proxy's X-Request-Id when it looks like
 * one, so a request is one id from the proxy's access log to ours; else a fresh UUID (unique across
 * instances, unlike Fastify's per-process counter).
 */
export function requestIdGenerator(trustProxy: boolean): (request: IncomingMessage) => string {
  return (request) => {
    if (trustProxy) {
      const incoming = request.headers["x-request-id"];
      if (typeof incoming === "string" && INCOMING_ID.test(incoming)) return incoming;
    }
    return randomUUID();
  };
}

/** A logger that writes nothing: contexts built outside a request (tests' callers, benches). */
export const silentLog: FastifyBaseLogger = {
  level: "silent",
  fatal: () => {},
  error: () => {},
  warn: () => {},
  info: () => {},
  debug: () => {},
  trace: () => {},
  silent: () => {},
  child: () => silentLog,
};

export type RequestLogs = {
  /**
   * The logger of the request that opened a WebSocket (its request id bound), found from the raw
   * upgrade request the tRPC adapter hands to `createContext`.
   */
  ofUpgrade(raw: IncomingMessage): FastifyBaseLogger | undefined;
};

/**
 * Every answer carries its request id as X-Request-Id (what a person quotes to support, what an
 * operator finds in the logs). A WebSocket's calls log with the id of the request that opened it.
 */
export function registerRequestIds(app: FastifyInstance): RequestLogs {
  const upgrades = new WeakMap<IncomingMessage, FastifyBaseLogger>();
  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
    if (request.headers.upgrade) upgrades.set(request.raw, request.log);
  });
  return { ofUpgrade: (raw) => upgrades.get(raw) };
}
