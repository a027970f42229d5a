import { randomBytes } from "node:crypto";
import type { Readable } from "node:stream";
import { eq, sql } from "drizzle-orm";

import type { Database } from "../../db/database.ts";
import { certificates, profiles } from "../../db/schema/index.ts";
import { MAX_CERTIFICATES } from "../../domain/certificates.ts";
import { inTransaction, isRefusal, type Refusal } from "../refusal.ts";
import type { ServiceLog } from "../services.ts";
import { enqueueFileDeletions } from "../storage/file-deletions.ts";
import type { FileStore } from "../storage/file-store.ts";
import type { CertificateItem } from "./list-certificates.ts";

/** Where a certificate's file lives: `certificates/{userId}/{timestamp}-{random}.pdf`. */
function certificateKey(userId: string, now: Date): string {
  return `certificates/${userId}/${now.getTime()}-${randomBytes(6).toString("hex")}.pdf`;
}

/**
 * Stores a checked PDF as it arrives (`FileStore.put`: nothing is kept when the body fails, e.g. with
 * FileTooLarge over the route's limit), then records it with the size stored. The file is written
 * first so that a row never points at nothing; when the row cannot be written (limit reached, account gone, database error) the file is
 * removed again, or queued for removal if the store refuses right now. Refused ("certificate_limit") when the
 * person already keeps MAX_CERTIFICATES certificates.
 */
export async function storeCertificate(
  deps: { db: Database; files: FileStore; log: ServiceLog },
  input: { userId: string; fileName: string; body: Readable | Buffer; now: Date },
): Promise<CertificateItem | Refusal<"certificate_limit">> {
  const key = certificateKey(input.userId, input.now);
  const { size } = await deps.files.put(key, input.body);
  try {
    const stored = await inTransaction(deps.db, async (tx, refuse: (reason: "certificate_limit") => never) => {
      // Serialises concurrent uploads of one person, so the limit holds.
      await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, input.userId)).for("update");
      const [count] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(certificates)
        .where(eq(certificates.userId, input.userId));
      if ((count?.n ?? 0) >= MAX_CERTIFICATES) refuse("certificate_limit");
      const [row] = await tx
        .insert(certificates)
        .values({
          userId: input.userId,
          fileName: input.fileName,
          filePath: key,
          fileSize: size,
          createdAt: input.now,
        })
        .returning({
          id: certificates.id,
          fileName: certificates.fileName,
          fileSize: certificates.fileSize,
          createdAt: certificates.createdAt,
        });
      if (!row) throw new Error("certificate insert returned nothing");
      return row;
    });
    if (isRefusal(stored)) await removeOrQueue(deps, key, input.now);
    return stored;
  } catch (error) {
    await removeOrQueue(deps, key, input.now);
    throw error;
  }
}

async function removeOrQueue(deps: { db: Database; files: FileStore; log: ServiceLog }, key: string, now: Date) {
  try {
    await deps.files.remove(key);
  } catch {
    try {
      await enqueueFileDeletions(deps.db, null, [key], now);
    } catch {
      deps.log.warn({ event: "certificate_orphan_file" }, "an uploaded certificate could not be removed after a failed save");
    }
  }
}
