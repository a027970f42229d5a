import { randomBytes } from "node:crypto";

import type { Queryable } from "../database.ts";
import { certificates, type Certificate } from "../schema/index.ts";

/** Inserts a certificate row of `userId` (the file itself is the caller's: put it in the FileStore). */
export async function createCertificate(
  db: Queryable,
  userId: string,
  input: Partial<Omit<typeof certificates.$inferInsert, "userId">> = {},
): Promise<Certificate> {
  const [row] = await db
    .insert(certificates)
    .values({
      userId,
      fileName: "First aid certificate.pdf",
      filePath: `certificates/${userId}/${Date.now()}-${randomBytes(6).toString("hex")}.pdf`,
      fileSize: 1024,
      ...input,
    })
    .returning();
  if (!row) throw new Error("certificate insert returned nothing");
  return row;
}
