import { and, desc, eq } from "drizzle-orm";

import type { Queryable } from "../../db/database.ts";
import { certificates, profiles } from "../../db/schema/index.ts";
import { MAX_CERTIFICATES } from "../../domain/certificates.ts";
import { certificatesVisibleTo } from "./access.ts";

const listed = {
  id: certificates.id,
  fileName: certificates.fileName,
  fileSize: certificates.fileSize,
  createdAt: certificates.createdAt,
};

export type CertificateItem = { id: string; fileName: string; fileSize: number; createdAt: Date };

/** A person's certificates, newest first. */
export function listCertificates(db: Queryable, userId: string): Promise<CertificateItem[]> {
  return db
    .select(listed)
    .from(certificates)
    .where(eq(certificates.userId, userId))
    .orderBy(desc(certificates.createdAt), desc(certificates.id))
    .limit(MAX_CERTIFICATES);
}

/**
 * A worker's certificates as `viewerId` may see them (the worker, or an employer the worker applied
 * to), or null when the viewer may not: the caller answers NOT_FOUND, as for an unknown worker.
 */
export async function listCertificatesOfWorker(
  db: Queryable,
  viewerId: string,
  workerId: string,
): Promise<CertificateItem[] | null> {
  const [visible] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.id, workerId), certificatesVisibleTo(db, viewerId, profiles.id)))
    .limit(1);
  if (!visible) return null;
  return listCertificates(db, workerId);
}
