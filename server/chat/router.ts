import {
  chatsListSchema,
  contactEmployerSchema,
  conversationRefSchema,
  historySchema,
  imageUrlSchema,
  markReadSchema,
  onMessageSchema,
  sendMessageSchema,
} from "../../domain/chat.ts";
import { jobRefSchema } from "../../domain/ids.ts";
import { isRefusal } from "../refusal.ts";
import { refused, settle } from "../trpc/answer.ts";
import type { Context } from "../trpc/context.ts";
import { router } from "../trpc/init.ts";
import {
  authedProcedure,
  liveFeedProcedure,
  participatingMemberProcedure,
  participatingVerifiedProcedure,
} from "../trpc/procedures.ts";
import { openOutlet } from "../trpc/subscription-outlet.ts";
import { contactEmployer } from "./contact-employer.ts";
import { conversationFor, groupConversationForJob } from "./conversation.ts";
import { chatHistory } from "./history.ts";
import { chatImageUrl } from "./image-link.ts";
import { listChats } from "./list-chats.ts";
import { liveMessages, liveMessagesStart } from "./live-messages.ts";
import { markRead } from "./mark-read.ts";
import { linkSigner } from "./message-view.ts";
import { sendMessage, type SentMessage } from "./send-message.ts";
import { unreadConversationCount } from "./unread-chats.ts";

/**
 * Announces a committed message. A failed announcement is logged, never the sender's error: the message
 * is stored, subscribers pick it up at the next event or periodic re-read, and a sender told "failed"
 * would send it again.
 */
async function announce(ctx: Pick<Context, "services" | "log">, message: SentMessage): Promise<SentMessage> {
  // A resend with the message's idempotency key: its subscribers heard of it the first time.
  if (message.repeated) return message;
  await ctx.services.chatBus.publish(message.conversationId, message.id).catch((err: unknown) => {
    ctx.log.warn(
      { event: "chat_publish_failed", err: String(err), messageId: message.id },
      "a sent chat message was not announced",
    );
  });
  return message;
}

export const chatRouter = router({
  /** The caller's group chat of a job, with its participants (/jobs/{jobId}/chat). */
  conversationForJob: authedProcedure
    .input(jobRefSchema)
    .query(async ({ ctx, input }) => settle(await groupConversationForJob(ctx.db, input.jobId, ctx.user.id))),

  /** Any conversation of the caller by id (group or direct), with its participants. */
  conversation: authedProcedure
    .input(conversationRefSchema)
    .query(async ({ ctx, input }) => settle(await conversationFor(ctx.db, input.conversationId, ctx.user.id))),

  /** One page of messages before `cursor` (newest page first), returned oldest first for display. */
  history: authedProcedure.input(historySchema).query(async ({ ctx, input }) => {
    const { conversationId, limit } = input;
    const params = { conversationId, limit, before: input.cursor ?? input.before ?? undefined, userId: ctx.user.id };
    const page = await chatHistory(ctx.db, linkSigner(ctx.services), params);
    return settle(page);
  }),

  /** Sends text, an uploaded image (`imageKey` from POST /api/chat/images), or both. */
  send: participatingMemberProcedure.input(sendMessageSchema).mutation(async ({ ctx, input }) => {
    const message = await sendMessage(ctx.db, ctx.services, {
      conversationId: input.conversationId,
      senderId: ctx.user.id,
      content: input.content,
      imageKey: input.imageKey,
      idempotencyKey: input.idempotencyKey,
      now: ctx.services.now(),
    });
    return announce(ctx, settle(message));
  }),

  /** Moves the caller's read marker to `messageId`. */
  markRead: authedProcedure.input(markReadSchema).mutation(async ({ ctx, input }) => {
    const marked = await markRead(ctx.db, {
      conversationId: input.conversationId,
      userId: ctx.user.id,
      messageId: input.messageId,
    });
    return settle(marked);
  }),

  /** A fresh signed link to a message's image. */
  imageUrl: authedProcedure
    .input(imageUrlSchema)
    .query(async ({ ctx, input }) =>
      settle(await chatImageUrl(ctx.db, ctx.services, { messageId: input.messageId, userId: ctx.user.id })),
    ),

  /**
   * The contact dialog on a job page: a private message to the job's owner; answers the conversation id.
   * First contact with a stranger: the sender's address must be confirmed (docs/decisions/017).
   */
  contactEmployer: participatingVerifiedProcedure.input(contactEmployerSchema).mutation(async ({ ctx, input }) => {
    const sent = await contactEmployer(ctx.db, ctx.services, {
      jobId: input.jobId,
      senderId: ctx.user.id,
      content: input.content,
      idempotencyKey: input.idempotencyKey,
    });
    const message = await announce(ctx, settle(sent));
    return { conversationId: message.conversationId, messageId: message.id };
  }),

  /**
   * New messages of a conversation over the WebSocket, each `tracked` by its id: wsLink resends the last
   * id as `lastEventId` on reconnect and gets exactly the messages after it. Ends with Access Denied
   * when the caller is not, or stops being, a participant. The start is settled before tRPC confirms
   * the subscription, so every message sent after "started" arrives.
   */
  onMessage: liveFeedProcedure.input(onMessageSchema).subscription(async ({ ctx, input, signal }) => {
    const { conversationId } = input;
    const lastEventId = input.lastEventId ? Number(input.lastEventId) : null;
    const after = settle(await liveMessagesStart(ctx.db, { conversationId, userId: ctx.user.id, lastEventId }));
    return (async function* () {
      try {
        const outlet = ctx.socket ? yield* openOutlet(ctx.socket.connection) : null;
        const ended = yield* liveMessages(ctx.db, ctx.services, { conversationId, userId: ctx.user.id, after, outlet, signal });
        if (ended && isRefusal(ended)) throw refused(ended.reason);
      } finally {
        ctx.releaseFeed();
      }
    })();
  }),
});

export const chatsRouter = router({
  /** The caller's conversations for /chats, most recently updated first. */
  list: authedProcedure
    .input(chatsListSchema)
    .query(({ ctx, input }) => listChats(ctx.db, { userId: ctx.user.id, limit: input.limit, cursor: input.cursor })),

  /** The Chats tab's badge: the caller's conversations with unread messages from others (stops at 101). */
  unreadCount: authedProcedure.query(({ ctx }) => unreadConversationCount(ctx.db, ctx.user.id)),
});
