import { asc, inArray } from "drizzle-orm";

import type { Tx } from "./database.ts";
import { user } from "./schema/auth.ts";

/**
 * Takes the people's rows FOR KEY SHARE in id order before any other row: the app's one lock order, so a write's
 * foreign-key check never deadlocks with an account deletion (docs/decisions/015). False when one is gone.
 */
export async function lockPeopleFirst(tx: Tx, ids: readonly string[]): Promise<boolean> {
  const unique = [...new Set(ids)].sort();
  const rows = await tx.select({ id: user.id }).from(user).where(inArray(user.id, unique)).orderBy(asc(user.id)).for("key share");
  return rows.length === unique.length;
}
