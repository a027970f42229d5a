import { and, eq, gt, like, sql } from "drizzle-orm";

import type { Database, Queryable } from "../../db/database.ts";
import { chatMessages, fileDeletions } from "../../db/schema/index.ts";
import { CHAT_IMAGE_TYPES, chatImagePrefix, type ChatImageMime } from "../../domain/chat.ts";
import { LIMITS } from "../../domain/limits.ts";
import { refusal, type Refusal } from "../refusal.ts";
import { CLAIM_LEASE_MS } from "../storage/file-deletions.ts";
import type { FileStore } from "../storage/file-store.ts";

/**
 * An upload no message uses is removed after this long. Until then it waits in file_deletions (not
 * yet due); the message that uses it deletes that row in its own transaction, so a referenced image is
 * never removed, and an upload whose message never got written (closed tab, failed send) is.
 */
export const UNCLAIMED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * A row this close to due may already be claimed by the deletion sweep (which moves a claimed row
 * CLAIM_LEASE_MS ahead): such an upload can no longer be used, and the sender uploads again.
 */
const CLAIMABLE_MARGIN_MS = 2 * CLAIM_LEASE_MS;

let lastStamp = 0;
/** `chat-images/{userId}/{timestamp}.{ext}`; the timestamp never repeats within this process. */
function chatImageKey(userId: string, mime: ChatImageMime, now: Date): string {
  lastStamp = Math.max(now.getTime(), lastStamp + 1);
  return `${chatImagePrefix(userId)}${lastStamp}.${CHAT_IMAGE_TYPES[mime]}`;
}

/** How many of the person's uploads no message has used yet (each waits in file_deletions). */
export async function pendingChatImages(db: Database, userId: string): Promise<number> {
  return db.$count(fileDeletions, like(fileDeletions.path, `${chatImagePrefix(userId)}%`));
}

/**
 * Stores a checked image (refused while LIMITS.pendingChatImages uploads wait unsent) and records it as unclaimed (due for removal after UNCLAIMED_UPLOAD_TTL_MS).
 * The record is written before the file, so no stored file is ever unrecorded; if the file write then
 * fails, the sweep's removal of a missing file simply succeeds.
 */
export async function storeChatImage(
  deps: { db: Database; files: FileStore },
  input: { userId: string; mime: ChatImageMime; data: Buffer; now: Date },
): Promise<string | Refusal<"chat_images_pending" | "chat_storage_full">> {
  if ((await pendingChatImages(deps.db, input.userId)) >= LIMITS.pendingChatImages) return refusal("chat_images_pending");
  if ((await storedChatImageBytes(deps.db, input.userId)) + input.data.length > LIMITS.chatImageStorageBytes) {
    return refusal("chat_storage_full");
  }
  const key = chatImageKey(input.userId, input.mime, input.now);
  await deps.db
    .insert(fileDeletions)
    .values({ path: key, nextAttemptAt: new Date(input.now.getTime() + UNCLAIMED_UPLOAD_TTL_MS) });
  await deps.files.put(key, input.data);
  return key;
}

/**
 * Claims an unclaimed upload for a message inside the message's transaction: true when the upload was
 * waiting and is now kept for good. False for a key never uploaded, already used, or about to be swept.
 */
export async function claimChatImage(tx: Queryable, key: string, now: Date): Promise<boolean> {
  const claimed = await tx
    .delete(fileDeletions)
    .where(and(eq(fileDeletions.path, key), gt(fileDeletions.nextAttemptAt, new Date(now.getTime() + CLAIMABLE_MARGIN_MS))))
    .returning({ id: fileDeletions.id });
  return claimed.length > 0;
}

/** The size of a stored file; null when the store does not hold it. */
export async function storedFileSize(files: FileStore, key: string): Promise<number | null> {
  try {
    const file = await files.open(key);
    file?.stream.destroy();
    return file ? file.size : null;
  } catch {
    return null;
  }
}

/** Bytes of images in the person's sent messages (what LIMITS.chatImageStorageBytes bounds). */
export async function storedChatImageBytes(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<number>`coalesce(sum(${chatMessages.imageBytes}), 0)`.mapWith(Number) })
    .from(chatMessages)
    .where(eq(chatMessages.senderId, userId));
  return row?.bytes ?? 0;
}
