import { and, asc, eq, sql } from "drizzle-orm";

import type { Queryable } from "../../db/database.ts";
import { conversationParticipants, conversations, jobs, profiles } from "../../db/schema/index.ts";
import { initialsOf } from "../../domain/chat.ts";
import { blockedBetween } from "../blocks/between.ts";
import { refusal, type Refusal } from "../refusal.ts";

export type ChatParticipant = { id: string; fullName: string; initials: string; isJobOwner: boolean };

/** What the chat page needs to open a conversation. */
export type ConversationView = {
  id: string;
  kind: "group" | "direct";
  jobId: string;
  jobTitle: string;
  jobOwnerId: string;
  participants: ChatParticipant[];
  /** The caller's read marker (messages above it from others are unread). */
  lastReadMessageId: number;
  /**
   * False in a private conversation whose two people are parted by a block, either way: it stays
   * readable, and the composer says "You can't message this person" (docs/decisions/068). Always true
   * in a group chat.
   */
  canMessage: boolean;
};

/** The conversation with its participants, for a participant; refused for anyone else. */
export async function conversationFor(
  db: Queryable,
  conversationId: string,
  userId: string,
): Promise<ConversationView | Refusal<"not_participant">> {
  const [row] = await db
    .select({
      id: conversations.id,
      kind: conversations.kind,
      jobId: conversations.jobId,
      jobTitle: jobs.title,
      jobOwnerId: jobs.employerId,
      lastReadMessageId: conversationParticipants.lastReadMessageId,
      blocked: sql<boolean>`${conversations.kind} = 'direct' and exists (
        select 1 from ${conversationParticipants} other
        where other.conversation_id = ${conversations.id} and other.user_id <> ${userId}
          and ${blockedBetween(userId, sql`other.user_id`)}
      )`,
    })
    .from(conversations)
    .innerJoin(jobs, eq(jobs.id, conversations.jobId))
    .innerJoin(
      conversationParticipants,
      and(eq(conversationParticipants.conversationId, conversations.id), eq(conversationParticipants.userId, userId)),
    )
    .where(eq(conversations.id, conversationId))
    .limit(1);
  if (!row) return refusal("not_participant");
  const people = await db
    .select({ id: profiles.id, fullName: profiles.fullName })
    .from(conversationParticipants)
    .innerJoin(profiles, eq(profiles.id, conversationParticipants.userId))
    .where(eq(conversationParticipants.conversationId, conversationId))
    .orderBy(asc(conversationParticipants.joinedAt), asc(profiles.id));
  const participants = people.map((p) => ({
    id: p.id,
    fullName: p.fullName,
    initials: initialsOf(p.fullName),
    isJobOwner: p.id === row.jobOwnerId,
  }));
  // The job's owner first, as the chat header shows them.
  participants.sort((a, b) => Number(b.isJobOwner) - Number(a.isJobOwner));
  const { blocked, ...view } = row;
  return { ...view, canMessage: !blocked, participants };
}

/**
 * The caller's group chat of a job (/jobs/{jobId}/chat). Its owner and accepted workers are its
 * participants; anyone else is refused. The owner of a job that has no group chat yet (nobody accepted)
 * is told it opens with the first accept.
 */
export async function groupConversationForJob(
  db: Queryable,
  jobId: string,
  userId: string,
): Promise<ConversationView | Refusal<"not_participant" | "group_not_started">> {
  const [found] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .innerJoin(
      conversationParticipants,
      and(eq(conversationParticipants.conversationId, conversations.id), eq(conversationParticipants.userId, userId)),
    )
    .where(and(eq(conversations.jobId, jobId), eq(conversations.kind, "group")))
    .limit(1);
  if (found) return conversationFor(db, found.id, userId);
  const [owned] = await db
    .select({
      id: jobs.id,
      hasGroup: sql<boolean>`exists (
        select 1 from ${conversations} where ${conversations.jobId} = ${jobs.id} and ${conversations.kind} = 'group'
      )`,
    })
    .from(jobs)
    .where(and(eq(jobs.id, jobId), eq(jobs.employerId, userId)))
    .limit(1);
  return refusal(owned && !owned.hasGroup ? "group_not_started" : "not_participant");
}
