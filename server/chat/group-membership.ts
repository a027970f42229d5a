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

/**
 * Takes a person out of a job's group chat (a hired worker who withdrew: docs/decisions/035), inside the
 * caller's transaction. Their messages stay in the chat's history; nothing happens when there is no
 * group chat or they are not in it.
 */
export async function leaveGroupChat(tx: Queryable, jobId: string, userId: string): Promise<void> {
  await tx.delete(conversationParticipants).where(
    sql`${conversationParticipants.userId} = ${userId} and ${conversationParticipants.conversationId} in (
      select ${conversations.id} from ${conversations} where ${conversations.jobId} = ${jobId} and ${conversations.kind} = 'group')`,
  );
}
