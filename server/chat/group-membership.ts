import { sql } from "drizzle-orm";

import type { Queryable } from "../../db/database.ts";
import { conversationParticipants, conversations } from "../../db/schema/index.ts";

/**
 * Adds people to a job's group chat (inside the caller's transaction when there is one), creating the chat on first use.
 * Safe under concurrent accepts: the unique (job_id) WHERE kind='group' index makes one insert win and
 * the others read the winner's row; memberships are idempotent.
 */
export async function joinGroupChat(tx: Queryable, jobId: string, userIds: string[]): Promise<string> {
  await tx
    .insert(conversations)
    .values({ jobId, kind: "group" })
    .onConflictDoNothing({
      target: conversations.jobId,
      where: sql`${conversations.kind} = 'group'`,
    });
  const [conversation] = await tx
    .select({ id: conversations.id })
    .from(conversations)
    .where(sql`${conversations.jobId} = ${jobId} and ${conversations.kind} = 'group'`);
  if (!conversation) throw new Error(`group chat of job ${jobId} was not created`);
  if (userIds.length) {
    await tx
      .insert(conversationParticipants)
      .values(userIds.map((userId) => ({ conversationId: conversation.id, userId })))
      .onConflictDoNothing();
  }
  return conversation.id;
}
