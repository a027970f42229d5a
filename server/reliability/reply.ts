import { and, eq } from "drizzle-orm";

import type { Database } from "../../db/database.ts";
import { reliabilityEvents } from "../../db/schema/index.ts";
import { refusal } from "../refusal.ts";

/**
 * The person sets (or changes, or with null removes) their public reply to one of their own strikes.
 * Someone else's strike is "not found", like one that does not exist.
 */
export async function replyToStrike(db: Database, p: { userId: string; id: string; reply: string | null; now: Date }) {
  const [row] = await db
    .update(reliabilityEvents)
    .set({ reply: p.reply, repliedAt: p.reply === null ? null : p.now })
    .where(and(eq(reliabilityEvents.id, p.id), eq(reliabilityEvents.userId, p.userId)))
    .returning({ id: reliabilityEvents.id, reply: reliabilityEvents.reply });
  return row ?? refusal("not_found");
}
