import type { Queryable } from "../../db/database.ts";
import { takePage } from "../pagination/keyset.ts";
import { refusal, type Refusal } from "../refusal.ts";
import { isParticipant } from "./access.ts";
import { messagesBefore, type ChatMessageView, type LinkSigner } from "./message-view.ts";

/**
 * One page of a conversation's history for a participant: the `limit` messages before message
 * `before` (or the newest), keyed by message id, returned oldest first for display.
 */
export async function chatHistory(
  db: Queryable,
  sign: LinkSigner,
  params: { conversationId: string; userId: string; before?: number | undefined; limit: number },
): Promise<{ messages: ChatMessageView[]; hasOlder: boolean } | Refusal<"not_participant">> {
  if (!(await isParticipant(db, params.conversationId, params.userId))) return refusal("not_participant");
  const newestFirst = await messagesBefore(db, params.conversationId, params.before, params.limit + 1, sign);
  const page = takePage(newestFirst, params.limit, (message) => message.id);
  return { messages: page.items.reverse(), hasOlder: page.nextCursor !== null };
}
