import { initTRPC, TRPCError } from "@trpc/server";
import { z, ZodError } from "zod";

import { ERR } from "../../domain/errors.ts";
import { englishText, isMessageKey } from "../english.ts";
import { RetryLater } from "./answer.ts";
import type { Context } from "./context.ts";
import { transformer } from "./transformer.ts";

/**
 * Errors carry a message key (domain/errors.ts or a messages/*.json key) in `data.messageKey`, and the
 * key's English text as `message`. Validation errors add the key of each field's first problem.
 */
const t = initTRPC.context<Context>().create({
  // superjson, with a row fanned out to many subscribers serialised once (transformer.ts).
  transformer,
  errorFormatter({ shape, error }) {
    const zodError = error.cause instanceof ZodError ? error.cause : null;
    const fieldErrors = zodError
      ? Object.fromEntries(
          Object.entries(z.flattenError(zodError).fieldErrors).map(([k, v]) => [k, (v as string[] | undefined)?.[0]]),
        )
      : null;
    // Only our own message keys reach people: a parse error or tRPC's own refusal text (which may
    // quote internals) is answered with a generic key of its kind.
    const stated = zodError ? zodError.issues[0]?.message : error.message;
    const messageKey =
      stated !== undefined && isMessageKey(stated)
        ? stated
        : error.code === "PARSE_ERROR" || error.code === "BAD_REQUEST"
          ? ERR.badRequest
          : ERR.generic;
    return {
      ...shape,
      message: englishText(messageKey),
      data: {
        code: shape.data.code,
        httpStatus: shape.data.httpStatus,
        path: shape.data.path,
        messageKey,
        fieldErrors,
        retryAfterSeconds: error.cause instanceof RetryLater ? error.cause.seconds : null,
      },
    };
  },
});

/**
 * Counts a call's duration and result, per procedure, for GET /api/metrics (when metrics are on): a
 * middleware runs the rest of the call inside it (procedures.ts).
 */
export async function observed<Result extends { ok: true } | { ok: false; error: { code: string } }>(
  { ctx, path, type }: { ctx: Context; path: string; type: string },
  call: () => Promise<Result>,
): Promise<Result> {
  if (!ctx.metrics) return call();
  const started = performance.now();
  let code = "INTERNAL_SERVER_ERROR";
  try {
    const result = await call();
    code = result.ok ? "OK" : result.error.code;
    return result;
  } catch (error) {
    // A refusal thrown by a middleware inside (a call answered "try again": answered-in-time.ts).
    if (error instanceof TRPCError) code = error.code;
    throw error;
  } finally {
    ctx.metrics.observeCall(path, type, code, (performance.now() - started) / 1000);
  }
}

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const procedure = t.procedure;
export const middleware = t.middleware;
