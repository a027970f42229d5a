import { sql } from "drizzle-orm";

import type { Tx } from "../../db/database.ts";

/**
 * Serialises one person's upload reservations until `tx` ends: a transaction-level advisory lock keyed
 * by the person, held by one transaction at a time on every instance sharing the database, so a count
 * followed by an insert cannot be raced (docs/decisions/057). No table row is locked, so nothing else
 * the person does waits on it.
 */
export async function lockPersonUploads(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`uploads:${userId}`}, 0))`);
}
