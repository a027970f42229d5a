import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";

import { UploadError } from "./errors.ts";
import { isTemporary, MAX_RETRY_DELAY_MS, QUERY_RETRIES, retryDelayMs, retryKeyedMutation, retryQuery } from "./retry-policy.ts";

/** A failed tRPC call as the client receives it, with the data the server's error formatter wrote. */
function answered(httpStatus: number, retryAfterSeconds: number | null = null) {
  return new TRPCClientError("failed", {
    result: { error: { message: "failed", code: -32603, data: { code: "X", httpStatus, retryAfterSeconds } } },
  } as never);
}
/** A call that got no answer (the network, or the server gone). */
const noAnswer = () => new TRPCClientError("fetch failed");

describe("the retry policy (docs/decisions/062)", () => {
  it("asks a query again after no answer or a 503, a few times, never after a refusal", () => {
    expect(retryQuery(0, answered(503, 5))).toBe(true);
    expect(retryQuery(0, noAnswer())).toBe(true);
    expect(retryQuery(QUERY_RETRIES - 1, answered(503))).toBe(true);
    expect(retryQuery(QUERY_RETRIES, answered(503))).toBe(false);
    expect(retryQuery(0, answered(404))).toBe(false);
    expect(retryQuery(0, answered(429, 30))).toBe(false);
  });

  it("sends a keyed mutation again only after a temporary failure", () => {
    expect(retryKeyedMutation(0, answered(503, 5))).toBe(true);
    expect(retryKeyedMutation(0, noAnswer())).toBe(true);
    expect(retryKeyedMutation(0, answered(500))).toBe(false);
    expect(retryKeyedMutation(0, answered(409))).toBe(false);
    expect(retryKeyedMutation(QUERY_RETRIES, answered(503))).toBe(false);
    expect(isTemporary(new UploadError(503, "error_files_unavailable"))).toBe(true);
    expect(isTemporary(new Error("a fault of the page"))).toBe(false);
  });

  it("backs off exponentially with jitter, waits at least the server's Retry-After, and is capped", () => {
    const low = () => 0;
    const high = () => 0.999;
    expect(retryDelayMs(0, noAnswer(), low)).toBe(500);
    expect(retryDelayMs(1, noAnswer(), low)).toBe(1000);
    expect(retryDelayMs(2, noAnswer(), high)).toBeLessThanOrEqual(4000);
    expect(retryDelayMs(2, noAnswer(), high)).toBeGreaterThan(3900);
    // The server asked for 5 s: never sooner.
    expect(retryDelayMs(0, answered(503, 5), low)).toBe(5000);
    expect(retryDelayMs(0, answered(503, 5), high)).toBe(5000);
    // Whatever is asked or reached, at most the cap.
    expect(retryDelayMs(20, noAnswer(), high)).toBeLessThanOrEqual(MAX_RETRY_DELAY_MS);
    expect(retryDelayMs(20, noAnswer(), high)).toBeGreaterThan(MAX_RETRY_DELAY_MS - 100);
    expect(retryDelayMs(0, answered(503, 3600), low)).toBe(MAX_RETRY_DELAY_MS);
  });
});
