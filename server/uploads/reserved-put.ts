import type { Readable } from "node:stream";
import { eq } from "drizzle-orm";

import type { Database } from "../../db/database.ts";
import { fileDeletions } from "../../db/schema/index.ts";
import type { FileStore } from "../storage/file-store.ts";
import { FileTooLarge } from "./file-parts.ts";
import { FileStoreFailed } from "./store-failure.ts";

/**
 * Stores an upload's bytes under `key`, whose place its file_deletions record reserves (docs/decisions/057).
 * Too large: the store keeps nothing, so the record goes and FileTooLarge is thrown again. The store
 * failing: the record is left due now, so it frees its place at once and the sweep removes whatever the
 * store may hold, and FileStoreFailed is thrown (docs/decisions/060).
 */
export async function putReserved(
  deps: { db: Database; files: FileStore },
  key: string,
  body: Readable | Buffer,
  now: Date,
): Promise<{ size: number }> {
  try {
    return await deps.files.put(key, body);
  } catch (error) {
    if (error instanceof FileTooLarge) {
      await deps.db.delete(fileDeletions).where(eq(fileDeletions.path, key));
      throw error;
    }
    // Should the database fail too, the record keeps its expiry: the place frees then instead.
    await deps.db
      .update(fileDeletions)
      .set({ nextAttemptAt: now })
      .where(eq(fileDeletions.path, key))
      .catch(() => undefined);
    throw new FileStoreFailed(error);
  }
}
