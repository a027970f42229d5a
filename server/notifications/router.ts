import { notificationRefSchema, notificationsListSchema } from "../../domain/notifications.ts";
import { found } from "../trpc/answer.ts";
import { router } from "../trpc/init.ts";
import { authedProcedure, liveFeedProcedure } from "../trpc/procedures.ts";
import { listNotifications, markAllNotificationsRead, markNotificationRead, unreadCount } from "./list.ts";
import { personChanges } from "./live-changes.ts";

export const notificationsRouter = router({
  /** The caller's notifications, newest first, a page at a time. */
  list: authedProcedure
    .input(notificationsListSchema)
    .query(({ ctx, input }) => listNotifications(ctx.db, { userId: ctx.user.id, cursor: input.cursor })),

  /** The Notifications badge in the header and tab bar (stops counting at 100). */
  unreadCount: authedProcedure.query(({ ctx }) => unreadCount(ctx.db, ctx.user.id)),

  /** Marks one of the caller's notifications read; someone else's is "not found". */
  markRead: authedProcedure
    .input(notificationRefSchema)
    .mutation(async ({ ctx, input }) =>
      found(await markNotificationRead(ctx.db, ctx.user.id, input.id, ctx.services.now()), "not_found"),
    ),

  /** Marks all of the caller's notifications read. */
  markAllRead: authedProcedure.mutation(async ({ ctx }) => ({
    marked: await markAllNotificationsRead(ctx.db, ctx.user.id, ctx.services.now()),
  })),

  /**
   * Over the WebSocket: the unread count now and after every change that concerns the caller, with what
   * changed (`notice`: their jobs or applications, `chat`: a message), so open pages refresh themselves.
   */
  onChange: liveFeedProcedure.subscription(async function* ({ ctx, signal }) {
    try {
      yield* personChanges(ctx.db, ctx.services.userEvents, ctx.user.id, signal);
    } finally {
      ctx.releaseFeed();
    }
  }),
});
