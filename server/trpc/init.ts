import { initTRPC, TRPCError } from "@trpc/server";
import superjson from "superjson";
import { ZodError, z } from "zod";
import { ERR } from "../../domain/errors.ts";
import { englishText, isMessageKey } from "../english.ts";
import type { Context } from "./context.ts";

/**
 * Errors carry a message key (domain/errors.ts or a messages/*.json key) in `data.messageKey`, and the
 * key's English text as `message`. Validation errors add the key of each field's first problem.
 */
const t = initTRPC.context<Context>().create({
  transformer: superjson,
  errorFormatter({ shape, error }) {
    const zodError = error.cause instanceof ZodError ? error.cause : null;
    const fieldErrors = zodError
      ? Object.fromEntries(
          Object.entries(z.flattenError(zodError).fieldErrors).map(([k, v]) => [k, (v as string[] | undefined)?.[0]]),
        )
      : null;
    const internal = error.code === "INTERNAL_SERVER_ERROR";
    const messageKey = zodError
      ? (zodError.issues[0]?.message ?? ERR.generic)
      : isMessageKey(error.message)
        ? error.message
        : internal
          ? ERR.generic
          : null;
    return {
      ...shape,
      message: messageKey && isMessageKey(messageKey) ? englishText(messageKey) : internal ? englishText(ERR.generic) : shape.message,
      data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path, messageKey, fieldErrors },
    };
  },
});

export const router = t.router;
export const middleware = t.middleware;
export const createCallerFactory = t.createCallerFactory;
export const baseProcedure = t.procedure;

/** A refusal with a user-facing message key. */
export function fail(code: TRPCError["code"], key: string): TRPCError {
  return new TRPCError({ code, message: key });
}
