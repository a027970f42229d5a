import { and, eq } from "drizzle-orm";

import type { Queryable } from "../../db/database.ts";
import { chatMessages, conversationParticipants } from "../../db/schema/index.ts";
import { refusal, type Refusal } from "../refusal.ts";
import type { Services } from "../services.ts";
import { signFileLink } from "../storage/signed-links.ts";

/**
 * A fresh signed link (3600 s) to a message's image, for participants of its conversation only: anyone
 * else is refused the same way whether or not the message exists; a message without an image has none,
 * and neither has one an operator removed (docs/decisions/074).
 */
export async function chatImageUrl(
  db: Queryable,
  services: Pick<Services, "fileLinkSecret" | "now">,
  params: { messageId: number; userId: string },
): Promise<{ url: string; expiresAt: Date } | Refusal<"not_participant" | "no_image">> {
  const [row] = await db
    .select({ imagePath: chatMessages.imagePath, removedAt: chatMessages.removedAt })
    .from(chatMessages)
    .innerJoin(
      conversationParticipants,
      and(
        eq(conversationParticipants.conversationId, chatMessages.conversationId),
        eq(conversationParticipants.userId, params.userId),
      ),
    )
    .where(eq(chatMessages.id, params.messageId))
    .limit(1);
  if (!row) return refusal("not_participant");
  if (!row.imagePath || row.removedAt) return refusal("no_image");
  return signFileLink({ key: row.imagePath }, services.fileLinkSecret, services.now());
}
