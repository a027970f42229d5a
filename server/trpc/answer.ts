import { TRPCError } from "@trpc/server";

import { ANSWERS, type Reason, type RefusalStatus } from "../answers.ts";
import { isRefusal, type Refusal } from "../refusal.ts";

const CODES = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  412: "PRECONDITION_FAILED",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "TOO_MANY_REQUESTS",
  502: "BAD_GATEWAY",
  503: "SERVICE_UNAVAILABLE",
  504: "GATEWAY_TIMEOUT",
} as const satisfies Record<RefusalStatus, TRPCError["code"]>;

/** Why a rate-limited call was refused: the error formatter answers its seconds as `data.retryAfterSeconds`. */
export class RetryLater extends Error {
  readonly seconds: number;
  constructor(seconds: number) {
    super(`retry after ${seconds} s`);
    this.seconds = seconds;
  }
}

/** The tRPC error that answers `reason` (its message is the key; the error formatter adds the text). */
export function refused(reason: Reason, retryAfterSeconds?: number): TRPCError {
  const answer = ANSWERS[reason];
  const cause = retryAfterSeconds === undefined ? undefined : new RetryLater(retryAfterSeconds);
  return new TRPCError({ code: CODES[answer.status], message: answer.key, cause });
}

/** An action's value, or its refusal thrown as the tRPC error server/answers.ts names. */
export function settle<T, R extends Reason>(result: T | Refusal<R>): T {
  if (isRefusal(result)) throw refused(result.reason, result.retryAfterSeconds);
  return result;
}

/** The value, or the refusal `reason` when there is none (no such row, or not one the caller may see). */
export function found<T>(value: T | null | undefined, reason: Reason): T {
  if (value === null || value === undefined) throw refused(reason);
  return value;
}
