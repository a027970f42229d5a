import { and, eq, sql } from "drizzle-orm";

import type { Database } from "../../db/database.ts";
import { lockPeopleFirst } from "../../db/lock-order.ts";
import { conversationParticipants, conversations, jobs } from "../../db/schema/index.ts";
import type { RateLimits } from "../../domain/limits.ts";
import type { BackgroundQueue } from "../background-jobs.ts";
import { eitherBlocked } from "../blocks/between.ts";
import { rateRefusal } from "../limits/rate-limit.ts";
import { refusal, type Refusal } from "../refusal.ts";
import { sendOnce } from "./idempotent-send.ts";
import { insertMessage, type SentMessage } from "./send-message.ts";

/** The key of the one direct conversation of two people about a job: their ids in sorted order. */
function directKey(a: string, b: string): string {
  return [a, b].sort().join(":");
}

/**
 * The contact dialog: opens or continues the direct conversation about a job and adds the message, in one
 * transaction; the upsert makes racing first messages share one conversation (docs/decisions/010, 068).
 */
export async function contactEmployer(
  db: Database,
  { rateLimits, queue }: { rateLimits: RateLimits; queue: BackgroundQueue },
  params: { jobId: string; senderId: string; content: string; idempotencyKey?: string | undefined },
): Promise<
  | SentMessage
  | Refusal<
      "job_not_found" | "own_job_contact" | "messages_too_fast" | "contacts_too_many" | "message_key_reused" | "cannot_message"
    >
> {
  // A job held for review (docs/decisions/069) has no employer to contact about it: not found.
  const [job] = await db
    .select({ ownerId: jobs.employerId })
    .from(jobs)
    .where(and(eq(jobs.id, params.jobId), eq(jobs.moderation, "visible")))
    .limit(1);
  if (!job) return refusal("job_not_found");
  if (job.ownerId === params.senderId) return refusal("own_job_contact");
  const key = directKey(params.senderId, job.ownerId);
  const conversationId = async () => {
    const [existing] = await db
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.jobId, params.jobId), eq(conversations.directKey, key)))
      .limit(1);
    return existing?.id ?? null;
  };
  const keyed =
    params.idempotencyKey === undefined
      ? null
      : { senderId: params.senderId, key: params.idempotencyKey, content: params.content, imagePath: null };
  // A resend of the same first message answers it, and counts as neither a message nor a new contact.
  return sendOnce(db, keyed, conversationId, async () => {
    const tooFast = await rateRefusal(db, rateLimits, params.senderId, "chatMessage");
    if (tooFast) return tooFast;
    if (!(await conversationId())) {
      const tooMany = await rateRefusal(db, rateLimits, params.senderId, "firstContact");
      if (tooMany) return tooMany;
    }
    return openAndSend(db, queue, { ...params, ownerId: job.ownerId, pair: key });
  });
}

/** The transaction of contactEmployer: the direct conversation upserted, both people in it, the message added. */
function openAndSend(
  db: Database,
  queue: BackgroundQueue,
  params: {
    jobId: string;
    senderId: string;
    ownerId: string;
    pair: string;
    content: string;
    idempotencyKey?: string | undefined;
  },
): Promise<SentMessage | Refusal<"job_not_found" | "cannot_message">> {
  return db.transaction(async (tx) => {
    // Before the conversation row (docs/decisions/015). Deleted meanwhile: the job went with its owner.
    if (!(await lockPeopleFirst(tx, [params.senderId, params.ownerId]))) return refusal("job_not_found");
    // Read with both people locked, before anything is written.
    if (await eitherBlocked(tx, params.senderId, params.ownerId)) return refusal("cannot_message");
    const [conversation] = await tx
      .insert(conversations)
      .values({ jobId: params.jobId, kind: "direct", directKey: params.pair, updatedAt: sql`clock_timestamp()` })
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
        { conversationId: conversation.id, userId: params.ownerId },
      ])
      .onConflictDoNothing();
    return insertMessage(tx, queue, {
      conversationId: conversation.id,
      senderId: params.senderId,
      content: params.content,
      imagePath: null,
      idempotencyKey: params.idempotencyKey ?? null,
      createdAt: conversation.updatedAt,
    });
  });
}
