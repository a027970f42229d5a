import type { z } from "zod";

import { requestProvider } from "../provider-http.ts";
import { failure, type ProviderResult } from "../provider-result.ts";
import { ykErrorSchema } from "./yookassa-objects.ts";

/** One set of YooKassa API credentials: the shop's (payments) or the payout gateway's (payouts). */
export type YooKassaAccount = { apiUrl: string; login: string; secret: string; timeoutMs: number };

/** A YooKassa answer the caller refused to read as success: its HTTP status and error code. */
export type YooKassaRefusal = { status: number; code: string; description: string; parameter: string | null };

/** A call's outcome: the object, YooKassa's refusal (4xx) for the adapter to read, or a failure. */
export type YooKassaAnswer<T> = ProviderResult<{ object: T } | { refused: YooKassaRefusal }>;

/**
 * One call to YooKassa API v3 with Basic auth, the Idempotence-Key header on POSTs and a timeout.
 * 2xx bodies are parsed with `schema`; 4xx answers come back as `refused` for the adapter to read,
 * since YooKassa says "wrong state" and "bad parameter" with one code (invalid_request); 5xx, 429
 * and 202 (still processing: ask again with the same key) are `unavailable`.
 */
export async function yookassaCall<T>(
  account: YooKassaAccount,
  request: { method: "GET" | "POST"; path: string; body?: unknown; idempotencyKey?: string },
  schema: z.ZodType<T>,
): Promise<YooKassaAnswer<T>> {
  const headers: Record<string, string> = {
    authorization: `Basic ${Buffer.from(`${account.login}:${account.secret}`).toString("base64")}`,
    accept: "application/json",
  };
  if (request.method === "POST") {
    headers["content-type"] = "application/json";
    if (request.idempotencyKey) headers["idempotence-key"] = request.idempotencyKey;
  }
  const url = `${account.apiUrl}${request.path}`;
  const answer = await requestProvider(
    url,
    { method: request.method, headers, ...(request.method === "POST" ? { body: JSON.stringify(request.body ?? {}) } : {}) },
    account.timeoutMs,
  );
  if (!answer.ok) return answer;
  const { status, json } = answer.value;
  const where = `${request.method} ${request.path}`;
  if (status === 202 || status === 429 || status >= 500) return failure("unavailable", `${where} answered ${status}`);
  if (status >= 200 && status < 300) {
    const parsed = schema.safeParse(json);
    if (!parsed.success) return failure("unavailable", `${where} answered an object we cannot read: ${parsed.error.message}`);
    return { ok: true, value: { object: parsed.data } };
  }
  const error = ykErrorSchema.safeParse(json);
  const code = error.success ? error.data.code : "unknown";
  const description = error.success ? (error.data.description ?? "") : "";
  const parameter = error.success ? (error.data.parameter ?? null) : null;
  if (status === 401 || status === 403) return failure("rejected", `${where}: ${code} ${description} (check the credentials)`);
  return { ok: true, value: { refused: { status, code, description, parameter } } };
}
