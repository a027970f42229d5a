import { and, eq } from "drizzle-orm";

import type { Queryable } from "../../db/database.ts";
import { conversationParticipants } from "../../db/schema/index.ts";

/** True when `userId` is a participant of the conversation (a missing conversation has none). */
export async function isParticipant(db: Queryable, conversationId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: conversationParticipants.userId })
    .from(conversationParticipants)
    .where(and(eq(conversationParticipants.conversationId, conversationId), eq(conversationParticipants.userId, userId)))
    .limit(1);
  return row !== undefined;
}

/** The participants' ids of a conversation (the live feed re-checks membership with it). */
export async function participantIds(db: Queryable, conversationId: string): Promise<Set<string>> {
  const rows = await db
    .select({ userId: conversationParticipants.userId })
    .from(conversationParticipants)
    .where(eq(conversationParticipants.conversationId, conversationId));
  return new Set(rows.map((r) => r.userId));
}
