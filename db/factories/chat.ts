import { eq } from "drizzle-orm";

import type { Queryable } from "../database.ts";
import { chatMessages, conversationParticipants, conversations, type ChatMessage } from "../schema/index.ts";

/** A direct conversation about a job between a person and the job's owner (ids in sorted order as its key). */
export async function createDirectConversation(db: Queryable, jobId: string, a: string, b: string): Promise<string> {
  const [row] = await db
    .insert(conversations)
    .values({ jobId, kind: "direct", directKey: [a, b].sort().join(":") })
    .returning({ id: conversations.id });
  if (!row) throw new Error("direct conversation insert returned nothing");
  await db.insert(conversationParticipants).values([
    { conversationId: row.id, userId: a },
    { conversationId: row.id, userId: b },
  ]);
  return row.id;
}

/**
 * Inserts a message (text unless told otherwise) and moves the conversation's updated_at to its time,
 * as sending does. For tests and the seeder; it does not announce the message to subscribers.
 */
export async function createChatMessage(
  db: Queryable,
  conversationId: string,
  senderId: string,
  input: Partial<Pick<typeof chatMessages.$inferInsert, "content" | "imagePath" | "imageBytes" | "createdAt">> = {},
): Promise<ChatMessage> {
  const createdAt = input.createdAt ?? new Date();
  const [row] = await db
    .insert(chatMessages)
    .values({
      conversationId,
      senderId,
      content: input.content ?? "Hello!",
      imagePath: input.imagePath ?? null,
      imageBytes: input.imageBytes ?? null,
      createdAt,
    })
    .returning();
  if (!row) throw new Error("chat message insert returned nothing");
  await db.update(conversations).set({ updatedAt: createdAt }).where(eq(conversations.id, conversationId));
  return row;
}
