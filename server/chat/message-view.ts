import { and, asc, desc, eq, gt, lt, max } from "drizzle-orm";

import type { Queryable } from "../../db/database.ts";
import { chatMessages, profiles } from "../../db/schema/index.ts";
import { initialsOf } from "../../domain/chat.ts";
import type { Services } from "../services.ts";
import { signFileLink } from "../storage/signed-links.ts";

/** A chat message as every screen and the live stream show it. */
export type ChatMessageView = {
  id: number;
  conversationId: string;
  senderId: string;
  senderName: string;
  senderInitials: string;
  content: string;
  /** A signed link valid for 3600 s; `chat.imageUrl` gives a fresh one after it expires. */
  imageUrl: string | null;
  createdAt: Date;
  /** Removed by an operator (docs/decisions/074): its content and image are not sent to anyone. */
  removed: boolean;
};

/** Turns a storage key into a signed link path. */
export type LinkSigner = (key: string) => string;

/** Signs with the server's secret and clock, at the moment of the call. */
export function linkSigner(services: Pick<Services, "fileLinkSecret" | "now">): LinkSigner {
  return (key) => signFileLink({ key }, services.fileLinkSecret, services.now()).url;
}

const columns = {
  id: chatMessages.id,
  conversationId: chatMessages.conversationId,
  senderId: chatMessages.senderId,
  senderName: profiles.fullName,
  content: chatMessages.content,
  imagePath: chatMessages.imagePath,
  createdAt: chatMessages.createdAt,
  removedAt: chatMessages.removedAt,
};

function selectMessages(db: Queryable) {
  return db.select(columns).from(chatMessages).innerJoin(profiles, eq(profiles.id, chatMessages.senderId));
}
type Row = Awaited<ReturnType<typeof selectMessages>>[number];

/** A removed message keeps its place and sender but goes without its text and image (kept for an appeal). */
function toView(row: Row, sign: LinkSigner): ChatMessageView {
  const { imagePath, removedAt, ...rest } = row;
  const removed = removedAt !== null;
  return {
    ...rest,
    content: removed ? "" : rest.content,
    senderInitials: initialsOf(row.senderName),
    imageUrl: imagePath && !removed ? sign(imagePath) : null,
    removed,
  };
}

/** Messages of a conversation with an id above `afterId`, oldest first (the resume cursor's query). */
export async function messagesAfter(
  db: Queryable,
  conversationId: string,
  afterId: number,
  limit: number,
  sign: LinkSigner,
): Promise<ChatMessageView[]> {
  const rows = await selectMessages(db)
    .where(and(eq(chatMessages.conversationId, conversationId), gt(chatMessages.id, afterId)))
    .orderBy(asc(chatMessages.id))
    .limit(limit);
  return rows.map((r) => toView(r, sign));
}

/** Up to `limit` messages before `beforeId` (or the newest), newest first. */
export async function messagesBefore(
  db: Queryable,
  conversationId: string,
  beforeId: number | undefined,
  limit: number,
  sign: LinkSigner,
): Promise<ChatMessageView[]> {
  const rows = await selectMessages(db)
    .where(
      and(eq(chatMessages.conversationId, conversationId), beforeId === undefined ? undefined : lt(chatMessages.id, beforeId)),
    )
    .orderBy(desc(chatMessages.id))
    .limit(limit);
  return rows.map((r) => toView(r, sign));
}

/** The id of the conversation's newest message, 0 when it has none. */
export async function latestMessageId(db: Queryable, conversationId: string): Promise<number> {
  const [row] = await db
    .select({ id: max(chatMessages.id) })
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, conversationId));
  return row?.id ?? 0;
}
