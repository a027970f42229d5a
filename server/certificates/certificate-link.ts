import { and, eq } from "drizzle-orm";

import type { Queryable } from "../../db/database.ts";
import { certificates } from "../../db/schema/index.ts";
import { signFileLink } from "../storage/signed-links.ts";
import { certificatesVisibleTo } from "./access.ts";

/**
 * A signed, expiring download link for a certificate the viewer may see (docs/product.md, Files: 3600 s), offered
 * under its original name; null when there is no such certificate or it is not the viewer's to see.
 */
export async function certificateLink(
  db: Queryable,
  params: { viewerId: string; certificateId: string; secret: string; now: Date },
): Promise<{ url: string; expiresAt: Date; fileName: string } | null> {
  const [row] = await db
    .select({ filePath: certificates.filePath, fileName: certificates.fileName })
    .from(certificates)
    .where(and(eq(certificates.id, params.certificateId), certificatesVisibleTo(db, params.viewerId, certificates.userId)))
    .limit(1);
  if (!row) return null;
  const link = signFileLink({ key: row.filePath, name: row.fileName }, params.secret, params.now);
  return { ...link, fileName: row.fileName };
}
