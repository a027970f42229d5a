import { and, eq, or } from "drizzle-orm";

import type { Queryable } from "../../db/database.ts";
import { profiles } from "../../db/schema/index.ts";

/** Profiles `viewerId` may see: visible ones, and their own even when hidden (docs/product.md, Profiles and people). */
export function profileVisibleTo(viewerId: string | null) {
  const visible = eq(profiles.privacyProfileVisible, true);
  return viewerId ? or(visible, eq(profiles.id, viewerId)) : visible;
}

/** True when the person exists and their profile is not hidden from `viewerId`. */
export async function isProfileVisible(db: Queryable, userId: string, viewerId: string | null): Promise<boolean> {
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.id, userId), profileVisibleTo(viewerId)))
    .limit(1);
  return row !== undefined;
}
