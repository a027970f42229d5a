import { sql } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";

import type { Database } from "../../db/database.ts";
import type { Services } from "../services.ts";
import { withTimeout } from "./timeout.ts";

/** Each readiness check gets this long; a load balancer's probe usually waits a few seconds. */
export const READY_CHECK_TIMEOUT_MS = 2_000;

/** Whether this instance is stopping: from then on GET /api/ready answers 503 (server/ops/shutdown.ts). */
export type InstanceState = { stopping: boolean };

export type CheckResult = { ok: true; ms: number } | { ok: false; ms: number; error: "failed" | "timed out" };

/** Runs one check within the timeout; the reason of a failure goes to the log, not into the answer. */
async function check(name: string, run: () => Promise<unknown>, log: FastifyBaseLogger): Promise<CheckResult> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  try {
    await withTimeout(run(), READY_CHECK_TIMEOUT_MS, name);
    return { ok: true, ms: ms() };
  } catch (err) {
    const timedOut = err instanceof Error && err.message.includes("timed out");
    log.warn({ err, check: name }, "readiness check failed");
    return { ok: false, ms: ms(), error: timedOut ? "timed out" : "failed" };
  }
}

/**
 * GET /api/health is liveness (no dependency, so an outage never gets instances restarted); GET /api/ready
 * fails only on the database and chat bus, while the shared file store, mail and push only degrade it
 * (docs/decisions/060, 064).
 */
export type ReadinessDeps = { db: Database; services: Pick<Services, "files" | "chatBus" | "mailer" | "pushReachability"> };

/** Each dependency's check, run together: what GET /api/ready answers and GET /api/metrics reports. */
export async function readinessChecks(deps: ReadinessDeps, log: FastifyBaseLogger) {
  const { files, chatBus, mailer, pushReachability } = deps.services;
  const [database, storage, bus, smtp, push] = await Promise.all([
    check("database", () => deps.db.execute(sql`select 1`), log),
    check("storage", async () => files.ready?.(), log),
    check("bus", async () => chatBus.ready?.(), log),
    check("smtp", async () => mailer.ready?.(), log),
    check("push", () => pushReachability.ready(), log),
  ]);
  return { database, storage, bus, smtp, push };
}

export function registerHealthRoutes(app: FastifyInstance, deps: ReadinessDeps & { state: InstanceState }) {
  app.get("/api/health", { logLevel: "warn" }, async () => ({ status: "ok" }));

  app.get("/api/ready", { logLevel: "warn" }, async (request, reply) => {
    if (deps.state.stopping) return reply.status(503).send({ status: "stopping" });
    const checks = await readinessChecks(deps, request.log);
    const { database, bus } = checks;
    const ready = database.ok && bus.ok && !deps.state.stopping;
    if (!ready) return reply.status(503).send({ status: "unavailable", checks });
    const degraded = (["storage", "smtp", "push"] as const).filter((name) => !checks[name].ok);
    return reply.status(200).send({ status: degraded.length > 0 ? "degraded" : "ready", checks, degraded });
  });
}

declare module "fastify" {
  interface FastifyInstance {
    /** Set by buildApp; `shutDown` marks it stopping. */
    instanceState: InstanceState;
  }
}
