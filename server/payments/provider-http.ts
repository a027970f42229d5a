import { failure, type ProviderResult } from "./provider-result.ts";

/** A provider's answer: its HTTP status and the body read as JSON (null when it was not JSON). */
export type ProviderAnswer = { status: number; json: unknown };

// AbortSignal.timeout() aborts with a DOMException named TimeoutError, which fetch rethrows.
const isTimeout = (error: unknown) => error instanceof Error && error.name === "TimeoutError";

/**
 * One request to a provider's JSON API, bounded by `timeoutMs` for the whole exchange (body
 * included). Only transport failures become failures here (`timeout`, `unavailable`): every HTTP
 * answer is the adapter's to read, since each provider says "declined" in its own way.
 */
export async function requestProvider(
  url: string,
  init: { method: "GET" | "POST"; headers: Record<string, string>; body?: string },
  timeoutMs: number,
): Promise<ProviderResult<ProviderAnswer>> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs), redirect: "error" });
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text ? (JSON.parse(text) as unknown) : null;
    } catch {
      json = null;
    }
    return { ok: true, value: { status: response.status, json } };
  } catch (error) {
    const detail = `${init.method} ${url}: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`;
    return isTimeout(error) ? failure("timeout", detail) : failure("unavailable", detail);
  }
}
