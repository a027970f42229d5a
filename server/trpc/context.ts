import type { IncomingHttpHeaders } from "node:http";
import type { FastifyBaseLogger } from "fastify";

import type { Database } from "../../db/database.ts";
import { isLanguageCode, type LanguageCode } from "../../domain/languages.ts";
import type { Auth } from "../auth.ts";
import type { Config } from "../config.ts";
import type { ProcedureMetrics } from "../ops/metrics.ts";
import { silentLog } from "../ops/request-log.ts";
import type { Services } from "../services.ts";
import { sessionUser, type SessionUser } from "../session/session-user.ts";
import type { FrameSocket } from "./subscription-outlet.ts";

export type Context = {
  db: Database;
  auth: Auth;
  config: Config;
  services: Services;
  user: SessionUser | null;
  headers: IncomingHttpHeaders;
  /** The reader's interface language (the client's `x-locale` header; English without one): place names come in it. */
  language: LanguageCode;
  /**
   * The WebSocket the call comes over (null over HTTP): its context, `user` included, was read once at
   * the upgrade. One object per socket, counting the live feeds (subscriptions) it holds open; `connection`
   * is the socket as its guard hands it (server/trpc/socket-guard.ts), which a feed writes its frames to
   * (server/trpc/subscription-outlet.ts).
   */
  socket: { liveFeeds: number; connection: FrameSocket } | null;
  /**
   * The request's logger: its lines carry the request id (X-Request-Id), over a socket the id of the
   * request that opened it. Log here in procedures rather than in `services.log`.
   */
  log: FastifyBaseLogger;
  /** Where calls are counted for GET /api/metrics; null when metrics are off (no METRICS_TOKEN). */
  metrics: ProcedureMetrics | null;
};

export type ContextDeps = Pick<Context, "db" | "auth" | "config" | "services"> & { metrics?: ProcedureMetrics | null };

/**
 * One context for HTTP and WebSocket: it reads only the request headers (the upgrade request's on a
 * socket, which `socket.watch` then keeps an eye on). A bad or missing session is `user: null`, refused
 * by the procedure builders; it throws only when the database cannot be asked (answered-in-time.ts).
 */
export async function createContext(
  deps: ContextDeps,
  headers: IncomingHttpHeaders,
  socket?: { connection: FrameSocket; watch: (user: SessionUser) => Promise<void> },
  log: FastifyBaseLogger = silentLog,
): Promise<Context> {
  const user = await sessionUser(deps.auth, headers);
  if (socket && user) await socket.watch(user);
  const asked = headers["x-locale"];
  const language = isLanguageCode(asked) ? asked : "en";
  return {
    ...deps,
    metrics: deps.metrics ?? null,
    user,
    headers,
    language,
    socket: socket ? { liveFeeds: 0, connection: socket.connection } : null,
    log,
  };
}
