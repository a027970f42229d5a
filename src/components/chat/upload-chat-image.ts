import { ERR } from "../../../domain/errors";
import type { ChatImageUploadError } from "./chat-errors";

/**
 * Sends one image to POST /api/chat/images for a conversation and answers the `imageKey` that
 * `chat.send` takes. The conversation id goes first so the server refuses outsiders before reading the
 * file. The server sniffs the type and enforces the size; the composer only pre-checks.
 */
export async function uploadChatImage(conversationId: string, file: File, signal?: AbortSignal): Promise<string> {
  const form = new FormData();
  form.append("conversationId", conversationId);
  form.append("file", file, file.name);
  let response: Response;
  try {
    response = await fetch("/api/chat/images", { method: "POST", body: form, credentials: "same-origin", signal });
  } catch {
    throw { status: 0 } satisfies ChatImageUploadError;
  }
  const body = (await response.json().catch(() => null)) as { imageKey?: string; code?: string } | null;
  if (response.status === 201 && body?.imageKey) return body.imageKey;
  const fallback = response.status === 413 ? ERR.chatImageTooLarge : undefined;
  throw { code: body?.code ?? fallback, status: response.status } satisfies ChatImageUploadError;
}
