import { and, eq, or } from "drizzle-orm";
import type { Queryable } from "../../db/database.ts";
import { profiles } from "../../db/schema/index.ts";
import { ERR } from "../../domain/errors.ts";
import { fail } from "../trpc/init.ts";

/** Profiles `viewerId` may see: visible ones, and their own even when hidden (DECISIONS.md). */
export function profileVisibleTo(viewerId: string | null) {
  const visible = eq(profiles.privacyProfileVisible, true);
  return viewerId ? or(visible, eq(profiles.id, viewerId)) : visible;
}

/** Refuses, as NOT_FOUND, a person who does not exist or whose profile is hidden from `viewerId`. */
export async function assertProfileVisible(db: Queryable, userId: string, viewerId: string | null): Promise<void> {
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.id, userId), profileVisibleTo(viewerId)))
    .limit(1);
  if (!row) throw fail("NOT_FOUND", ERR.notFound);
}
