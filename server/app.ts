import Fastify, { type FastifyServerOptions } from "fastify";

import type { Database } from "../db/database.ts";
import { registerAuthRoute } from "./auth-route.ts";
import type { Auth } from "./auth.ts";
import type { Config } from "./config.ts";
import { BODY_LIMITS, registerBodyLimits } from "./http/body-limits.ts";
import { registerCompression } from "./http/compression.ts";
import { registerFileRoutes } from "./http/file-routes.ts";
import { registerMailRoutes } from "./http/mail-routes.ts";
import { registerOriginGuard } from "./http/origin-guard.ts";
import { registerPages } from "./http/pages.ts";
import { registerPaymentWebhooks } from "./http/payment-webhooks.ts";
import { registerSecurityHeaders } from "./http/security-headers.ts";
import { registerTrpc, type TrpcDeps } from "./http/trpc.ts";
import { registerUnavailableAnswers } from "./http/unavailable.ts";
import { registerWebSocket } from "./http/websocket.ts";
import type { ProviderEventHandlers } from "./money/holds/provider-events.ts";
import { applyPayoutEvent } from "./money/payouts/payout-events.ts";
import { statementRoutes } from "./money/statements/statement-routes.ts";
import { readinessChecks, registerHealthRoutes } from "./ops/health.ts";
import { registerMetrics } from "./ops/metrics.ts";
import { registerRequestIds, requestIdGenerator } from "./ops/request-log.ts";
import { registerInstanceState } from "./ops/shutdown.ts";
import type { Services } from "./services.ts";

export type AppDeps = {
  config: Config;
  db: Database;
  auth: Auth;
  services: Services;
  logger?: FastifyServerOptions["logger"];
  /** The socket guard's limits and heartbeat, when a test wants them smaller or faster. */
  socketGuard?: TrpcDeps["socketGuard"];
  /** The lease of the shared socket limit (server/session/socket-places.ts), when a test wants it shorter. */
  socketPlaces?: TrpcDeps["socketPlaces"];
};

/**
 * The whole HTTP surface, one concern per line (each in server/http/ or server/ops/). Order matters:
 * hooks of a kind run in the order they were added, on every route and scope.
 */
export async function buildApp(deps: AppDeps) {
  const { config, db, auth, services } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: 5000 },
    bodyLimit: BODY_LIMITS.bytes,
    // A proxy's X-Request-Id only behind a trusted proxy, else a fresh UUID (server/ops/request-log.ts).
    requestIdHeader: false,
    genReqId: requestIdGenerator(config.trustProxy),
  });
  // First: every answer, a refused one too, carries its request id and the security headers.
  const requestLogs = registerRequestIds(app);
  registerInstanceState(app);
  registerSecurityHeaders(app, config.publicUrl);
  // Before any route: @fastify/compress hooks each route as it is added.
  await registerCompression(app);
  await registerWebSocket(app);
  // After the websocket plugin: its hooks must know an upgrade request to close a refused one's socket.
  registerOriginGuard(app, config.trustedOrigins);
  // Before every route and its parser: no body too large or too deep reaches one (docs/decisions/057).
  registerBodyLimits(app);
  // GET /api/metrics, and the hook that counts, only with a token to read them (METRICS_TOKEN).
  const metrics = config.metricsToken
    ? registerMetrics(app, config.metricsToken, {
        db,
        queue: services.queue,
        log: app.log,
        readiness: () => readinessChecks({ db, services }, app.log),
      })
    : null;
  // What the database cannot serve in time is answered 503 "try again", never a 500 (docs/decisions/062).
  registerUnavailableAnswers(app, { deadlineMs: config.requestDeadlineMs, metrics });

  // The routes, each with the hooks above.
  registerAuthRoute(app, auth, { deadlineMs: config.requestDeadlineMs });
  await registerFileRoutes(app, { db, auth, services });
  await registerMailRoutes(app, { db, config, now: services.now });
  await app.register(statementRoutes, { db, auth, services });
  registerHealthRoutes(app, { db, services, state: app.instanceState });
  // The providers' notifications: holds are applied by server/money/holds, payouts by server/money/payouts
  // (docs/decisions/079, 081); one that moves nothing (already settled, not ours) is acknowledged.
  const providerEventHandlers: ProviderEventHandlers = {
    payout: async (tx, _eventServices, _provider, event) =>
      (await applyPayoutEvent(tx, services, event)).applied ? "applied" : "duplicate",
  };
  await registerPaymentWebhooks(app, { db, services, handlers: providerEventHandlers });
  // What a call's context is made of, for the API and for the pages rendered on the server.
  const context = { db, auth, config, services, metrics };
  await registerTrpc(app, { context, requestLogs, socketGuard: deps.socketGuard, socketPlaces: deps.socketPlaces });
  await registerPages(app, { config, context });
  // Anything else (an unknown /api/ path, a missing asset, no SPA built) is a plain 404.
  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ error: "Not Found" }));

  return app;
}
