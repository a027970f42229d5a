import { errorStatus, isRefusal, isTrpcError } from "./errors.ts";

/**
 * When the page asks again by itself (docs/decisions/062): queries that got no answer or a 503, with backoff
 * and never before Retry-After; never a 4xx, and never a mutation without an idempotency key.
 */

/** Attempts after the first: with the waits below, about half a minute of trying in all. */
export const QUERY_RETRIES = 3;

/** No single wait is longer than this, whatever the server asks. */
export const MAX_RETRY_DELAY_MS = 30_000;

/** Seconds the server asked to wait (`data.retryAfterSeconds` of a tRPC error), if it did. */
export function retryAfterSeconds(error: unknown): number | undefined {
  const seconds = isTrpcError(error) ? error.data?.retryAfterSeconds : undefined;
  return typeof seconds === "number" && seconds > 0 ? seconds : undefined;
}

/** True when asking again may get another answer: nothing came back, or the server said "try again". */
export function isTemporary(error: unknown): boolean {
  const status = errorStatus(error);
  return status === undefined ? isTrpcError(error) : status === 502 || status === 503 || status === 504;
}

/** TanStack Query's `retry` for queries: anything but a refusal, a few times. */
export function retryQuery(failureCount: number, error: unknown): boolean {
  return failureCount < QUERY_RETRIES && !isRefusal(error);
}

/** TanStack Query's `retry` for a mutation that carries an idempotency key: only a temporary failure, a few times. */
export function retryKeyedMutation(failureCount: number, error: unknown): boolean {
  return failureCount < QUERY_RETRIES && isTemporary(error);
}

/**
 * TanStack Query's `retryDelay`: 1 s, 2 s, 4 s … (each somewhere in the upper half of its step, so pages
 * that failed together do not come back together), never less than the server's Retry-After, capped.
 */
export function retryDelayMs(failureCount: number, error: unknown, random: () => number = Math.random): number {
  const step = Math.min(MAX_RETRY_DELAY_MS, 1000 * 2 ** Math.max(0, failureCount));
  const backoff = step / 2 + (random() * step) / 2;
  const asked = (retryAfterSeconds(error) ?? 0) * 1000;
  return Math.round(Math.min(MAX_RETRY_DELAY_MS, Math.max(backoff, asked)));
}

/**
 * The options of a mutation whose every send carries an idempotency key (docs/decisions/063): a
 * temporary failure is sent again by itself, with the same key, after the same waits as a query.
 */
export const keyedMutationRetry = { retry: retryKeyedMutation, retryDelay: retryDelayMs } as const;
