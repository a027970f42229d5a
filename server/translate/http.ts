import { TranslationFailedError } from "./translator.ts";

// AbortSignal.timeout() aborts with a DOMException named TimeoutError, which fetch rethrows.
const isTimeout = (value: unknown) => value instanceof Error && value.name === "TimeoutError";

function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/**
 * One JSON request to a provider. Network failures, timeouts (through `signal`), non-2xx statuses and
 * bodies that are not JSON all become `TranslationFailedError`, so callers handle one kind of failure.
 */
export async function requestJson(
  url: string,
  init: { method: "GET" | "POST"; headers: Record<string, string>; body?: string },
  signal: AbortSignal,
): Promise<unknown> {
  let text: string;
  let status: number;
  try {
    const response = await fetch(url, { ...init, signal, redirect: "error" });
    status = response.status;
    text = await response.text();
  } catch (error) {
    const reason = isTimeout(error) || isTimeout(signal.reason) ? "timeout" : "network";
    throw new TranslationFailedError(reason, `${init.method} ${url} failed: ${describeError(error)}`, { cause: error });
  }
  if (status < 200 || status > 299) {
    // The provider's own error text goes to the log only (it may name keys, quotas or hosts).
    throw new TranslationFailedError("http", `${init.method} ${url} answered ${status}: ${text.slice(0, 300)}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new TranslationFailedError("malformed", `${init.method} ${url} answered non-JSON: ${text.slice(0, 120)}`, {
      cause: error,
    });
  }
}
