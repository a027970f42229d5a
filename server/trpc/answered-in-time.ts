import type { TRPCError } from "@trpc/server";

import { withinDeadline } from "../../db/request-deadline.ts";
import { UNAVAILABLE_RETRY_SECONDS, unavailableCause } from "../http/unavailable.ts";
import type { UnavailableCause } from "../ops/metrics.ts";
import { refused } from "./answer.ts";
import type { Context } from "./context.ts";

/** The answer "temporarily unavailable, try again": SERVICE_UNAVAILABLE with `data.retryAfterSeconds`. */
function unavailable(ctx: Pick<Context, "log" | "metrics">, path: string | undefined, cause: UnavailableCause): TRPCError {
  ctx.log.warn({ path, cause }, "answered 503: the database could not serve the call in time");
  ctx.metrics?.countUnavailable("trpc", cause);
  return refused("service_unavailable", UNAVAILABLE_RETRY_SECONDS);
}

/**
 * Runs the rest of a call within the request deadline: past it, or when the database fails, the answer is 503
 * "try again" and what it left running is cancelled (docs/decisions/062).
 */
export async function answeredInTime<Result extends { ok: true } | { ok: false; error: TRPCError }>(
  { ctx, path }: { ctx: Context; path: string },
  call: () => Promise<Result>,
): Promise<Result> {
  let result: Result;
  try {
    result = await withinDeadline(ctx.config.requestDeadlineMs, call);
  } catch (error) {
    const cause = unavailableCause(error);
    throw cause ? unavailable(ctx, path, cause) : error;
  }
  const cause = result.ok || result.error.code !== "INTERNAL_SERVER_ERROR" ? null : unavailableCause(result.error.cause);
  if (cause) throw unavailable(ctx, path, cause);
  return result;
}

/**
 * A call's context, read within the deadline: when the database cannot say who is calling, every call
 * of the request (or the socket, which then reconnects) is answered "try again", never "signed out".
 */
export async function contextInTime(
  deps: { config: Pick<Context["config"], "requestDeadlineMs">; log: Context["log"]; metrics: Context["metrics"] },
  create: () => Promise<Context>,
): Promise<Context> {
  try {
    return await withinDeadline(deps.config.requestDeadlineMs, create);
  } catch (error) {
    const cause = unavailableCause(error);
    throw cause ? unavailable(deps, undefined, cause) : error;
  }
}
