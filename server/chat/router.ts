import {
  chatsListSchema,
  contactEmployerSchema,
  conversationForJobSchema,
  conversationIdSchema,
  historySchema,
  imageUrlSchema,
  markReadSchema,
  onMessageSchema,
  sendMessageSchema,
} from "../../domain/chat.ts";
import type { Services } from "../services.ts";
import { router } from "../trpc/init.ts";
import { authedProcedure } from "../trpc/procedures.ts";
import { assertParticipant } from "./access.ts";
import { contactEmployer } from "./contact-employer.ts";
import { conversationFor, groupConversationForJob } from "./conversation.ts";
import { chatImageUrl } from "./image-link.ts";
import { listChats } from "./list-chats.ts";
import { liveMessages } from "./live-messages.ts";
import { markRead } from "./mark-read.ts";
import { linkSigner, messagesBefore } from "./message-view.ts";
import { type SentMessage, sendMessage } from "./send-message.ts";

/**
 * Announces a committed message. A failed announcement is logged, never the sender's error: the message
 * is stored, subscribers pick it up at the next event or periodic re-read, and a sender told "failed"
 * would send it again.
 */
async function announce(services: Services, message: SentMessage): Promise<SentMessage> {
  await services.chatBus.publish(message.conversationId, message.id).catch((err: unknown) => {
    services.log.warn({ event: "chat_publish_failed", err: String(err), messageId: message.id }, "a sent chat message was not announced");
  });
  return message;
}

export const chatRouter = router({
  /** The caller's group chat of a job, with its participants (/jobs/{jobId}/chat). */
  conversationForJob: authedProcedure
    .input(conversationForJobSchema)
    .query(({ ctx, input }) => groupConversationForJob(ctx.db, input.jobId, ctx.user.id)),

  /** Any conversation of the caller by id (group or direct), with its participants. */
  conversation: authedProcedure
    .input(conversationIdSchema)
    .query(({ ctx, input }) => conversationFor(ctx.db, input.conversationId, ctx.user.id)),

  /** One page of messages before `before` (newest page first), returned oldest first for display. */
  history: authedProcedure.input(historySchema).query(async ({ ctx, input }) => {
    await assertParticipant(ctx.db, input.conversationId, ctx.user.id);
    const newestFirst = await messagesBefore(ctx.db, input.conversationId, input.before, input.limit + 1, linkSigner(ctx.services));
    const hasOlder = newestFirst.length > input.limit;
    return { messages: newestFirst.slice(0, input.limit).reverse(), hasOlder };
  }),

  /** Sends text, an uploaded image (`imageKey` from POST /api/chat/images), or both. */
  send: authedProcedure.input(sendMessageSchema).mutation(async ({ ctx, input }) => {
    const message = await sendMessage(ctx.db, ctx.services.files, {
      conversationId: input.conversationId,
      senderId: ctx.user.id,
      content: input.content,
      imageKey: input.imageKey,
      now: ctx.services.now(),
    });
    return announce(ctx.services, message);
  }),

  /** Moves the caller's read marker to `messageId`. */
  markRead: authedProcedure
    .input(markReadSchema)
    .mutation(({ ctx, input }) => markRead(ctx.db, { conversationId: input.conversationId, userId: ctx.user.id, messageId: input.messageId })),

  /** A fresh signed link to a message's image. */
  imageUrl: authedProcedure
    .input(imageUrlSchema)
    .query(({ ctx, input }) => chatImageUrl(ctx.db, ctx.services, { messageId: input.messageId, userId: ctx.user.id })),

  /** The contact dialog on a job page: a private message to the job's owner; answers the conversation id. */
  contactEmployer: authedProcedure.input(contactEmployerSchema).mutation(async ({ ctx, input }) => {
    const message = await contactEmployer(ctx.db, { jobId: input.jobId, senderId: ctx.user.id, content: input.content });
    await announce(ctx.services, message);
    return { conversationId: message.conversationId, messageId: message.id };
  }),

  /**
   * New messages of a conversation over the WebSocket, each `tracked` by its id: wsLink resends the last
   * id as `lastEventId` on reconnect and gets exactly the messages after it.
   */
  onMessage: authedProcedure.input(onMessageSchema).subscription(({ ctx, input, signal }) =>
    liveMessages(ctx.db, ctx.services, {
      conversationId: input.conversationId,
      userId: ctx.user.id,
      lastEventId: input.lastEventId ? Number(input.lastEventId) : null,
      signal,
    }),
  ),
});

export const chatsRouter = router({
  /** The caller's conversations for /chats, most recently updated first. */
  list: authedProcedure
    .input(chatsListSchema)
    .query(({ ctx, input }) => listChats(ctx.db, { userId: ctx.user.id, limit: input.limit, cursor: input.cursor })),
});
