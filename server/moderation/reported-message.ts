import { and, asc, desc, eq, gt, lt, or, sql } from "drizzle-orm";

import type { Database, Tx } from "../../db/database.ts";
import { chatMessages, moderationDecisions, profiles, reports } from "../../db/schema/index.ts";
import { recordOperatorAction } from "../operators/audit.ts";
import { inTransaction, refusal, type Refusal } from "../refusal.ts";

/** An operator reads a reported message with this many messages on each side of it, nothing more (docs/decisions/074). */
export const MESSAGE_CONTEXT_EACH_SIDE = 5;

const line = {
  id: chatMessages.id,
  senderId: chatMessages.senderId,
  senderName: sql<string>`coalesce(nullif(${profiles.companyName}, ''), ${profiles.fullName})`,
  content: chatMessages.content,
  hasImage: sql<boolean>`${chatMessages.imagePath} is not null`,
  createdAt: chatMessages.createdAt,
  removedAt: chatMessages.removedAt,
};

/**
 * A reported message with the 10 around it (5 before, 5 after, in its conversation), for an operator:
 * only a message someone reported (or one decided on), and every read is an audit row written before
 * the text is answered, in the same transaction (docs/decisions/071, 074). Not found otherwise.
 */
export async function readReportedMessage(
  db: Database,
  p: { operatorId: string; messageId: number },
): Promise<{ messages: (ContextLine & { reported: boolean })[] } | Refusal<"not_found">> {
  return inTransaction(db, async (tx) => {
    const key = String(p.messageId);
    const [reported] = await tx
      .select({ conversationId: chatMessages.conversationId })
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.id, p.messageId),
          sql`(exists (select 1 from ${reports} where ${reports.subjectType} = 'message' and ${reports.subjectId} = ${key})
            or exists (select 1 from ${moderationDecisions} where ${moderationDecisions.subjectType} = 'message' and ${moderationDecisions.subjectId} = ${key}))`,
        ),
      );
    if (!reported) return refusal("not_found");
    await recordOperatorAction(tx, {
      operatorId: p.operatorId,
      action: "read_private_message",
      subjectType: "message",
      subjectId: key,
    });
    const messages = await around(tx, reported.conversationId, p.messageId);
    return { messages: messages.map((m) => ({ ...m, reported: m.id === p.messageId })) };
  });
}

type ContextLine = Awaited<ReturnType<typeof around>>[number];

async function around(tx: Tx, conversationId: string, messageId: number) {
  const before = await tx
    .select(line)
    .from(chatMessages)
    .innerJoin(profiles, eq(profiles.id, chatMessages.senderId))
    .where(and(eq(chatMessages.conversationId, conversationId), lt(chatMessages.id, messageId)))
    .orderBy(desc(chatMessages.id))
    .limit(MESSAGE_CONTEXT_EACH_SIDE);
  const fromIt = await tx
    .select(line)
    .from(chatMessages)
    .innerJoin(profiles, eq(profiles.id, chatMessages.senderId))
    .where(
      and(eq(chatMessages.conversationId, conversationId), or(eq(chatMessages.id, messageId), gt(chatMessages.id, messageId))),
    )
    .orderBy(asc(chatMessages.id))
    .limit(MESSAGE_CONTEXT_EACH_SIDE + 1);
  return [...before.reverse(), ...fromIt];
}
