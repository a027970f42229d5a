import { eq } from "drizzle-orm";

import type { Queryable } from "../../db/database.ts";
import { user } from "../../db/schema/index.ts";

/**
 * Whether the person has confirmed their e-mail address, read now: a WebSocket's caller was read when it
 * opened, possibly before the confirmation link was followed (docs/decisions/017).
 */
export async function hasVerifiedEmail(db: Queryable, userId: string): Promise<boolean> {
  const [row] = await db.select({ verified: user.emailVerified }).from(user).where(eq(user.id, userId)).limit(1);
  return row?.verified ?? false;
}
