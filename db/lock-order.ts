import { asc, inArray } from "drizzle-orm";

import type { Tx } from "./database.ts";
import { user } from "./schema/auth.ts";

/**
 * The one lock order of the app (docs/decisions/015): people first, then jobs, applications and
 * conversations. Account deletion locks its person FOR UPDATE before anything else; an action that
 * writes rows naming people (accepting, sending) takes those people's rows FOR KEY SHARE, in id order,
 * before it touches any other row. Without it, the foreign-key check of a write (which share-locks the
 * person) would wait on a deletion that waits on the job or conversation the write already holds: a
 * deadlock. Answers false when one of them no longer exists (deleted meanwhile).
 */
export async function lockPeopleFirst(tx: Tx, ids: readonly string[]): Promise<boolean> {
  const unique = [...new Set(ids)].sort();
  const rows = await tx.select({ id: user.id }).from(user).where(inArray(user.id, unique)).orderBy(asc(user.id)).for("key share");
  return rows.length === unique.length;
}
