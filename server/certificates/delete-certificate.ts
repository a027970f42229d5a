import { and, eq } from "drizzle-orm";

import type { Database } from "../../db/database.ts";
import { certificates } from "../../db/schema/index.ts";
import type { BackgroundQueue } from "../background-jobs.ts";
import { enqueueFileDeletions } from "../storage/file-deletions.ts";

/**
 * Deletes one of the owner's certificates and queues its file for removal in the same transaction (the
 * background queue removes it after commit). Null when the owner has no such certificate.
 */
export async function deleteCertificate(
  db: Database,
  queue: BackgroundQueue,
  params: { userId: string; certificateId: string; now: Date },
): Promise<{ fileDeletionIds: number[] } | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(certificates)
      .where(and(eq(certificates.id, params.certificateId), eq(certificates.userId, params.userId)))
      .returning({ filePath: certificates.filePath });
    if (!row) return null;
    return { fileDeletionIds: await enqueueFileDeletions(tx, queue, [row.filePath], params.now) };
  });
}
