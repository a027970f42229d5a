import { and, eq, gt } from "drizzle-orm";
import type { Database, Queryable } from "../../db/database.ts";
import { fileDeletions } from "../../db/schema/index.ts";
import { CHAT_IMAGE_TYPES, type ChatImageMime, chatImagePrefix } from "../../domain/chat.ts";
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
export function chatImageKey(userId: string, mime: ChatImageMime, now: Date): string {
  lastStamp = Math.max(now.getTime(), lastStamp + 1);
  return `${chatImagePrefix(userId)}${lastStamp}.${CHAT_IMAGE_TYPES[mime]}`;
}

/**
 * Stores a checked image and records it as unclaimed (due for removal after UNCLAIMED_UPLOAD_TTL_MS).
 * The record is written before the file, so no stored file is ever unrecorded; if the file write then
 * fails, the sweep's removal of a missing file simply succeeds.
 */
export async function storeChatImage(
  deps: { db: Database; files: FileStore },
  input: { userId: string; mime: ChatImageMime; data: Buffer; now: Date },
): Promise<string> {
  const key = chatImageKey(input.userId, input.mime, input.now);
  await deps.db.insert(fileDeletions).values({ path: key, nextAttemptAt: new Date(input.now.getTime() + UNCLAIMED_UPLOAD_TTL_MS) });
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

/** True when the store holds the file. */
export async function storedFileExists(files: FileStore, key: string): Promise<boolean> {
  try {
    const file = await files.open(key);
    file?.stream.destroy();
    return file !== null;
  } catch {
    return false;
  }
}
