import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { conversationParticipants, conversations, jobs } from "../../db/schema/index.ts";
import { ERR } from "../../domain/errors.ts";
import { fail } from "../trpc/init.ts";
import { insertMessage, type SentMessage } from "./send-message.ts";

/** The key of the one direct conversation of two people about a job: their ids in sorted order. */
export function directKey(a: string, b: string): string {
  return [a, b].sort().join(":");
}

/**
 * The contact dialog: opens (or continues) the direct conversation between the caller and the job's
 * owner about that job, with both as participants, and adds the message, in one transaction. The
 * upsert on the (job_id, direct_key) unique index makes racing first messages share one conversation,
 * and its DO UPDATE takes the conversation's row lock first, as every send does. Owners cannot message
 * their own job. The caller publishes after commit.
 */
export async function contactEmployer(
  db: Database,
  params: { jobId: string; senderId: string; content: string },
): Promise<SentMessage> {
  const [job] = await db.select({ ownerId: jobs.employerId }).from(jobs).where(eq(jobs.id, params.jobId)).limit(1);
  if (!job) throw fail("NOT_FOUND", ERR.jobNotFound);
  if (job.ownerId === params.senderId) throw fail("FORBIDDEN", ERR.contactOwnJob);
  const key = directKey(params.senderId, job.ownerId);
  return db.transaction(async (tx) => {
    const [conversation] = await tx
      .insert(conversations)
      .values({ jobId: params.jobId, kind: "direct", directKey: key, updatedAt: sql`clock_timestamp()` })
      .onConflictDoUpdate({
        target: [conversations.jobId, conversations.directKey],
        targetWhere: sql`${conversations.kind} = 'direct'`,
        set: { updatedAt: sql`clock_timestamp()` },
      })
      .returning({ id: conversations.id, updatedAt: conversations.updatedAt });
    if (!conversation) throw new Error("direct conversation upsert returned nothing");
    await tx
      .insert(conversationParticipants)
      .values([
        { conversationId: conversation.id, userId: params.senderId },
        { conversationId: conversation.id, userId: job.ownerId },
      ])
      .onConflictDoNothing();
    return insertMessage(tx, {
      conversationId: conversation.id,
      senderId: params.senderId,
      content: params.content,
      imagePath: null,
      createdAt: conversation.updatedAt,
    });
  });
}
