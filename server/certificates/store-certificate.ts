import { randomBytes } from "node:crypto";
import type { Readable } from "node:stream";
import { eq, sql } from "drizzle-orm";

import { queryRows, type Database, type Queryable } from "../../db/database.ts";
import { certificates, fileDeletions } from "../../db/schema/index.ts";
import { MAX_CERTIFICATES } from "../../domain/certificates.ts";
import { inTransaction, isRefusal, type Refusal } from "../refusal.ts";
import type { ServiceLog } from "../services.ts";
import type { FileStore } from "../storage/file-store.ts";
import { putReserved } from "../uploads/reserved-put.ts";
import { lockPersonUploads } from "../uploads/upload-lock.ts";
import type { CertificateItem } from "./list-certificates.ts";

/**
 * How long a reserved upload may take before the deletion sweep removes what the store holds of it:
 * an upload cut off by a crash leaves no file behind for good.
 */
const RESERVATION_MS = 60 * 60 * 1000;

type Deps = { db: Database; files: FileStore; log: ServiceLog };

/** Where a certificate's file lives: `certificates/{userId}/{timestamp}-{random}.pdf`. */
function certificateKey(userId: string, now: Date): string {
  return `certificates/${userId}/${now.getTime()}-${randomBytes(6).toString("hex")}.pdf`;
}

/**
 * Reserves one of the person's MAX_CERTIFICATES places before a byte is stored, under the person's upload lock,
 * so parallel uploads on any instance cannot pass the limit (docs/decisions/057).
 */
async function reserveCertificate(db: Database, userId: string, key: string, now: Date) {
  return inTransaction(db, async (tx, refuse: (reason: "certificate_limit") => never) => {
    await lockPersonUploads(tx, userId);
    // One statement, so one snapshot: an upload that turns its reservation into a certificate meanwhile is counted once.
    const [places] = await queryRows<{ taken: number }>(
      tx,
      sql`select (select count(*) from ${certificates} where ${certificates.userId} = ${userId})::int
        + (select count(*) from ${fileDeletions}
           where ${fileDeletions.path} like ${`certificates/${userId}/%`} and ${fileDeletions.attempts} = 0
             and ${fileDeletions.nextAttemptAt} > ${now.toISOString()}::timestamptz)::int as taken`,
    );
    if (Number(places?.taken ?? 0) >= MAX_CERTIFICATES) refuse("certificate_limit");
    await tx.insert(fileDeletions).values({ path: key, nextAttemptAt: new Date(now.getTime() + RESERVATION_MS) });
    return key;
  });
}

/**
 * Stores a checked PDF in the place reserved for it, then records it; when the record cannot be written the
 * file is removed, or left due for the sweep (docs/decisions/057, 060).
 */
export async function storeCertificate(
  deps: Deps,
  input: { userId: string; fileName: string; body: Readable | Buffer; now: Date },
  remember: (tx: Queryable, answer: CertificateItem) => Promise<void> = async () => {},
): Promise<CertificateItem | Refusal<"certificate_limit">> {
  const key = certificateKey(input.userId, input.now);
  const reserved = await reserveCertificate(deps.db, input.userId, key, input.now);
  if (isRefusal(reserved)) return reserved;
  const { size } = await putReserved(deps, key, input.body, input.now);
  try {
    return await deps.db.transaction(async (tx) => {
      await tx.delete(fileDeletions).where(eq(fileDeletions.path, key));
      const [row] = await tx
        .insert(certificates)
        .values({ userId: input.userId, fileName: input.fileName, filePath: key, fileSize: size, createdAt: input.now })
        .returning({
          id: certificates.id,
          fileName: certificates.fileName,
          fileSize: certificates.fileSize,
          createdAt: certificates.createdAt,
        });
      if (!row) throw new Error("certificate insert returned nothing");
      await remember(tx, row);
      return row;
    });
  } catch (error) {
    try {
      await deps.files.remove(key);
      await deps.db.delete(fileDeletions).where(eq(fileDeletions.path, key));
    } catch {
      await dueNow(deps, key, input.now);
    }
    throw error;
  }
}

/** Leaves the reservation of `key` due now, so the sweep removes whatever the store may hold of it. */
async function dueNow(deps: Deps, key: string, now: Date) {
  try {
    await deps.db.update(fileDeletions).set({ nextAttemptAt: now }).where(eq(fileDeletions.path, key));
  } catch {
    deps.log.warn({ event: "certificate_orphan_file" }, "an uploaded certificate could not be removed after a failed save");
  }
}
