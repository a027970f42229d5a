import { ERR } from "../../../domain/errors.ts";
import { UploadError, uploadErrorFrom } from "../../lib/errors.ts";

/** The `imageKey` of the upload route's 201 answer. */
function imageKeyOf(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null || !("imageKey" in body)) return undefined;
  return typeof body.imageKey === "string" ? body.imageKey : undefined;
}

/**
 * Sends one image to POST /api/chat/images for a conversation and answers the `imageKey` that
 * `chat.send` takes. The conversation id goes first so the server refuses outsiders before reading the
 * file. The server sniffs the type and enforces the size; the composer only pre-checks. A refusal
 * throws an UploadError.
 */
export async function uploadChatImage(conversationId: string, file: File, signal?: AbortSignal): Promise<string> {
  const form = new FormData();
  form.append("conversationId", conversationId);
  form.append("file", file, file.name);
  let response: Response;
  try {
    response = await fetch("/api/chat/images", { method: "POST", body: form, credentials: "same-origin", signal });
  } catch {
    throw new UploadError(0);
  }
  const body: unknown = await response.json().catch(() => null);
  const imageKey = imageKeyOf(body);
  if (response.status === 201 && imageKey) return imageKey;
  throw uploadErrorFrom(response.status, body, response.status === 413 ? ERR.chatImageTooLarge : undefined);
}
