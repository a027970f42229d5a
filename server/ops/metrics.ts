import { createHash, timingSafeEqual } from "node:crypto";
import { is, sql } from "drizzle-orm";
import { PostgresJsDatabase } from "drizzle-orm/postgres-js";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type postgres from "postgres";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { WebSocket } from "ws";

import { queryRows, type Database, type Queryable } from "../../db/database.ts";
import { plannedEachCall } from "../../db/planned-each-call.ts";
import type { BackgroundQueue } from "../background-jobs.ts";
import { withTimeout } from "./timeout.ts";

export const METRICS_PATH = "/api/metrics";

/** A scrape waits this long for the database's counts; then those gauges are left out of that scrape. */
const SOURCE_TIMEOUT_MS = 2_000;

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** What the tRPC middleware reports (server/trpc/init.ts). */
export type ProcedureMetrics = {
  /** One call ended: its procedure path, type, result ("OK" or the tRPC error code) and duration. A subscription ends when it has started. */
  observeCall(procedure: string, type: string, code: string, seconds: number): void;
  /** A request was answered 503 "try again" (docs/decisions/062): over tRPC or a plain route, and why. */
  countUnavailable(transport: "trpc" | "http", cause: UnavailableCause): void;
};

/** Why a request was answered "try again": its deadline passed, or the database refused or failed it. */
export type UnavailableCause = "deadline" | "database";

export type AppMetrics = ProcedureMetrics & {
  /** Counts the live feeds a socket's context holds (`ctx.socket.liveFeeds`) until the socket closes. */
  watchSocket(socket: WebSocket, state: { liveFeeds: number }): void;
};

export type MetricsSources = {
  db: Database;
  /** Each dependency's readiness check (server/ops/health.ts), run at each scrape. */
  readiness?: () => Promise<Record<string, { ok: boolean }>>;
  queue: Pick<BackgroundQueue, "depth">;
  log: FastifyBaseLogger;
};

/** The token check of GET /api/metrics: the whole `Authorization: Bearer …` compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value).digest();
  // Hashing first gives both sides one length, so neither the comparison nor its length check tells anything.
  return timingSafeEqual(digest(header ?? ""), digest(`Bearer ${token}`));
}

/**
 * Prometheus metrics at GET /api/metrics behind a bearer token, in a registry of this app's own (tests build
 * many apps in one process); register before the routes (docs/decisions/030).
 */
export function registerMetrics(app: FastifyInstance, token: string, sources: MetricsSources): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const calls = new Histogram({
    name: "daywork_trpc_call_duration_seconds",
    help: "tRPC calls by procedure, type and result code (OK or the tRPC error code); a subscription until it started",
    labelNames: ["procedure", "type", "code"] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const requests = new Histogram({
    name: "daywork_http_request_duration_seconds",
    help: "HTTP requests by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  app.addHook("onResponse", async (request, reply) => {
    requests.observe(
      { method: request.method, route: request.routeOptions.url ?? "unmatched", status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  new Gauge({
    name: "daywork_websockets_open",
    help: "WebSockets open on this instance",
    registers: [registry],
    collect() {
      this.set(app.websocketServer.clients.size);
    },
  });
  const feeds = new Set<{ liveFeeds: number }>();
  new Gauge({
    name: "daywork_live_subscriptions",
    help: "Live feeds (tRPC subscriptions) running over this instance's WebSockets",
    registers: [registry],
    collect() {
      let live = 0;
      for (const state of feeds) live += state.liveFeeds;
      this.set(live);
    },
  });

  const unavailable = (source: string) => (err: unknown) => {
    sources.log.warn({ err, source }, "metrics: a source did not answer; its gauges are left out of this scrape");
    return null;
  };
  new Gauge({
    name: "daywork_queue_jobs",
    help: "Background jobs by queue and state (queued: created or waiting to retry, deferred included; active: running on some instance)",
    labelNames: ["queue", "state"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const depth = await withTimeout(sources.queue.depth(), SOURCE_TIMEOUT_MS, "queue depth").catch(unavailable("queue"));
      for (const row of depth ?? []) {
        this.set({ queue: row.queue, state: "queued" }, row.queued);
        this.set({ queue: row.queue, state: "active" }, row.active);
      }
    },
  });

  const { readiness } = sources;
  if (readiness) {
    new Gauge({
      name: "daywork_dependency_up",
      help:
        "1 when a dependency passes its readiness check, else 0: database and bus fail /api/ready, storage, smtp and push " +
        "only degrade it (docs/decisions/060, 064)",
      labelNames: ["dependency"] as const,
      registers: [registry],
      async collect() {
        for (const [dependency, result] of Object.entries(await readiness())) this.set({ dependency }, result.ok ? 1 : 0);
      },
    });
  }

  // On Postgres (PGlite is one connection in this process: nothing to count).
  // Both pools of the handle count (db/open.ts splits DATABASE_POOL_SIZE between them); the first
  // pool alone reported half the size, so an alert at the maximum fired at half (docs/decisions/060).
  const poolMax = is(sources.db, PostgresJsDatabase) ? databasePoolMax(sources.db) : null;
  if (poolMax !== null) {
    new Gauge({
      name: "daywork_db_pool_max",
      help: "Connections this instance's Postgres pool may open (DATABASE_POOL_SIZE)",
      registers: [registry],
    }).set(poolMax);
    new Gauge({
      name: "daywork_db_connections",
      help:
        "This instance's Postgres connections by state (pg_stat_activity rows with its pool's application_name: the pool " +
        "and its LISTEN connection; the scrape's own connection is left out)",
      labelNames: ["state"] as const,
      registers: [registry],
      async collect() {
        this.reset();
        const rows = await withTimeout(ownConnections(sources.db), SOURCE_TIMEOUT_MS, "pg_stat_activity").catch(
          unavailable("database"),
        );
        for (const row of rows ?? []) this.set({ state: row.state ?? "unknown" }, row.n);
      },
    });
  }

  const unavailableAnswers = new Counter({
    name: "daywork_unavailable_answers_total",
    help: "Requests answered 503 try again because their deadline passed or the database failed them (docs/decisions/062)",
    labelNames: ["transport", "cause"] as const,
    registers: [registry],
  });

  app.get(METRICS_PATH, { logLevel: "warn" }, async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, token)) {
      return reply.status(401).header("www-authenticate", 'Bearer realm="metrics"').send({ error: "Unauthorized" });
    }
    reply.type(registry.contentType);
    return registry.metrics();
  });

  return {
    observeCall(procedure, type, code, seconds) {
      calls.observe({ procedure, type, code }, seconds);
    },
    countUnavailable(transport, cause) {
      unavailableAnswers.inc({ transport, cause });
    },
    watchSocket(socket, state) {
      feeds.add(state);
      socket.once("close", () => feeds.delete(state));
    },
  };
}

/** The connections a postgres.js handle may open: its own pool and, when it has one, its planned-each-call pool. */
export function databasePoolMax(db: Database): number {
  const max = (handle: Queryable) => (handle as unknown as { $client: postgres.Sql }).$client.options.max;
  const planned = plannedEachCall(db);
  return max(db) + (planned === db ? 0 : max(planned));
}

/**
 * This instance's connections by state. Each opened pool has its own application_name (db/open.ts), and
 * the query runs on one of them, so `current_setting('application_name')` names exactly this pool.
 */
function ownConnections(db: Database) {
  return queryRows<{ state: string | null; n: number }>(
    db,
    sql`select state, count(*)::int as n from pg_stat_activity
        where datname = current_database() and application_name = current_setting('application_name')
          and pid <> pg_backend_pid()
        group by state`,
  );
}
