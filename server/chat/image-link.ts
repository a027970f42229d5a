import { and, eq } from "drizzle-orm";
import type { Queryable } from "../../db/database.ts";
import { chatMessages, conversationParticipants } from "../../db/schema/index.ts";
import { ERR } from "../../domain/errors.ts";
import type { Services } from "../services.ts";
import { signFileLink } from "../storage/signed-links.ts";
import { fail } from "../trpc/init.ts";

/**
 * A fresh signed link (3600 s) to a message's image, for participants of its conversation only: Access
 * Denied for anyone else, whether or not the message exists; 'Failed to generate image URL' when the
 * message has no image.
 */
export async function chatImageUrl(
  db: Queryable,
  services: Pick<Services, "fileLinkSecret" | "now">,
  params: { messageId: number; userId: string },
): Promise<{ url: string; expiresAt: Date }> {
  const [row] = await db
    .select({ imagePath: chatMessages.imagePath })
    .from(chatMessages)
    .innerJoin(
      conversationParticipants,
      and(eq(conversationParticipants.conversationId, chatMessages.conversationId), eq(conversationParticipants.userId, params.userId)),
    )
    .where(eq(chatMessages.id, params.messageId))
    .limit(1);
  if (!row) throw fail("FORBIDDEN", ERR.chatAccessDenied);
  if (!row.imagePath) throw fail("NOT_FOUND", ERR.chatImageUrlFailed);
  return signFileLink({ key: row.imagePath }, services.fileLinkSecret, services.now());
}
