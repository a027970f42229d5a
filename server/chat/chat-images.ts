import { randomBytes } from "node:crypto";
import type { Readable } from "node:stream";
import { and, eq, gt, like, sql } from "drizzle-orm";

import type { Database, Queryable } from "../../db/database.ts";
import { chatMessages, fileDeletions } from "../../db/schema/index.ts";
import { CHAT_IMAGE_TYPES, chatImagePrefix, type ChatImageMime } from "../../domain/chat.ts";
import { LIMITS } from "../../domain/limits.ts";
import { inTransaction, isRefusal, refusal, type Refusal } from "../refusal.ts";
import { CLAIM_LEASE_MS } from "../storage/file-deletions.ts";
import type { FileStore } from "../storage/file-store.ts";
import { putReserved } from "../uploads/reserved-put.ts";
import { lockPersonUploads } from "../uploads/upload-lock.ts";

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

/**
 * `chat-images/{userId}/{milliseconds}-{random}.{ext}`: unique across instances too, where two uploads
 * of one person may land in the same millisecond.
 */
function chatImageKey(userId: string, mime: ChatImageMime, now: Date): string {
  return `${chatImagePrefix(userId)}${now.getTime()}-${randomBytes(6).toString("hex")}.${CHAT_IMAGE_TYPES[mime]}`;
}

/**
 * How many of the person's uploads still wait for a message to use them: their records in
 * file_deletions that claimChatImage would take. A record left due by a failed or abandoned upload, or
 * one the deletion sweep has tried, is a deletion, not a place: failed uploads free theirs at once
 * rather than when the sweep gets to them (docs/decisions/060).
 */
export async function pendingChatImages(db: Queryable, userId: string, now: Date = new Date()): Promise<number> {
  return db.$count(
    fileDeletions,
    and(
      like(fileDeletions.path, `${chatImagePrefix(userId)}%`),
      eq(fileDeletions.attempts, 0),
      gt(fileDeletions.nextAttemptAt, new Date(now.getTime() + CLAIMABLE_MARGIN_MS)),
    ),
  );
}

/**
 * Reserves one of the person's LIMITS.pendingChatImages places for `key` before a byte is stored: the
 * count and the record are one transaction under a per-person advisory lock, so parallel uploads on any
 * number of instances cannot pass the limit (docs/decisions/057).
 */
async function reserveChatImage(db: Database, userId: string, key: string, now: Date) {
  return inTransaction(db, async (tx, refuse: (reason: "chat_images_pending") => never) => {
    await lockPersonUploads(tx, userId);
    if ((await pendingChatImages(tx, userId, now)) >= LIMITS.pendingChatImages) refuse("chat_images_pending");
    await tx.insert(fileDeletions).values({ path: key, nextAttemptAt: new Date(now.getTime() + UNCLAIMED_UPLOAD_TTL_MS) });
    return key;
  });
}

/**
 * Stores a checked image as it arrives, within the person's pending and stored limits. Its record is written
 * before the file and left due for the sweep on any failure, so no stored file is ever unrecorded
 * (docs/decisions/060).
 */
export async function storeChatImage(
  deps: { db: Database; files: FileStore },
  input: { userId: string; mime: ChatImageMime; body: Readable | Buffer; now: Date },
  remember?: (tx: Queryable, imageKey: string) => Promise<void>,
): Promise<string | Refusal<"chat_images_pending" | "chat_storage_full">> {
  // The size is known once the file is in: someone already at the allowance is refused before, someone
  // it would take over it after.
  const storedBytes = await storedChatImageBytes(deps.db, input.userId);
  if (storedBytes >= LIMITS.chatImageStorageBytes) return refusal("chat_storage_full");
  const key = chatImageKey(input.userId, input.mime, input.now);
  const reserved = await reserveChatImage(deps.db, input.userId, key, input.now);
  if (isRefusal(reserved)) return reserved;
  const { size } = await putReserved(deps, key, input.body, input.now);
  if (storedBytes + size > LIMITS.chatImageStorageBytes) {
    await abandonChatImage(deps, key, input.now);
    return refusal("chat_storage_full");
  }
  if (remember) {
    try {
      await deps.db.transaction((tx) => remember(tx, key));
    } catch (error) {
      await abandonChatImage(deps, key, input.now);
      throw error;
    }
  }
  return key;
}

/**
 * Takes back an upload no message may use (its request was refused after the file was in): removed
 * with its record now, or left due now for the sweep when the store refuses.
 */
export async function abandonChatImage(deps: { db: Database; files: FileStore }, key: string, now: Date): Promise<void> {
  try {
    await deps.files.remove(key);
    await deps.db.delete(fileDeletions).where(eq(fileDeletions.path, key));
  } catch {
    await deps.db.update(fileDeletions).set({ nextAttemptAt: now }).where(eq(fileDeletions.path, key));
  }
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

/** The size of a stored file; null when the store does not hold it (or cannot say right now). */
export async function storedFileSize(files: FileStore, key: string): Promise<number | null> {
  try {
    return await files.size(key);
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
