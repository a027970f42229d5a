import { ERR } from "../../../domain/errors.ts";
import { errorKey } from "../../lib/errors.ts";
import { hasMessage, translate } from "../../lib/messages.ts";
import { m } from "../../paraglide/messages.js";

/** True when the server refused the conversation: 'Access Denied: You must be accepted to join this chat'. */
export function isChatAccessDenied(error: unknown): boolean {
  return errorKey(error) === ERR.chatAccessDenied;
}

/** True when the owner opened the group chat of a job that has nobody accepted yet. */
export function isGroupNotStarted(error: unknown): boolean {
  return errorKey(error) === ERR.chatGroupNotStarted;
}

/**
 * What to say about a failed chat request: the server's own reason when it named one the reader can act on
 * (too long, image expired, access denied…), otherwise `fallback` ('Failed to send message').
 */
export function chatFailureText(error: unknown, fallback: string): string {
  const key = errorKey(error);
  return key && key !== ERR.generic && hasMessage(key) ? translate(key) : fallback;
}

/** The reason an upload failed ('Image must be less than 5MB'…), or 'Failed to upload image'. */
export function uploadFailureText(error: unknown): string {
  const key = errorKey(error);
  const specific = key && key !== ERR.unauthorized && hasMessage(key) && key.startsWith("chat_");
  return specific ? translate(key) : m.chat_image_upload_failed();
}
