import { ERR } from "../../../domain/errors.ts";
import { IDEMPOTENCY_KEY_HEADER } from "../../../domain/idempotency.ts";
import { UploadError, uploadErrorFrom } from "../../lib/errors.ts";
import { uploadKeyFor } from "../../lib/request-key.ts";

/** The `imageKey` of the upload route's 201 answer. */
function imageKeyOf(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null || !("imageKey" in body)) return undefined;
  return typeof body.imageKey === "string" ? body.imageKey : undefined;
}

/**
 * Sends one image to POST /api/chat/images for a conversation and answers the `imageKey` that
 * `chat.send` takes. The conversation id goes first so the server refuses outsiders before reading the
 * file. The server sniffs the type and enforces the size; the composer only pre-checks. A refusal
 * throws an UploadError. A retry of the same picked file to the same conversation sends the same
 * Idempotency-Key: stored once (docs/decisions/063).
 */
export async function uploadChatImage(conversationId: string, file: File, signal?: AbortSignal): Promise<string> {
  const form = new FormData();
  form.append("conversationId", conversationId);
  form.append("file", file, file.name);
  let response: Response;
  try {
    const headers = { [IDEMPOTENCY_KEY_HEADER]: uploadKeyFor(file, conversationId) };
    response = await fetch("/api/chat/images", { method: "POST", body: form, headers, credentials: "same-origin", signal });
  } catch {
    throw new UploadError(0);
  }
  const body: unknown = await response.json().catch(() => null);
  const imageKey = imageKeyOf(body);
  if (response.status === 201 && imageKey) return imageKey;
  throw uploadErrorFrom(response.status, body, response.status === 413 ? ERR.chatImageTooLarge : undefined);
}
