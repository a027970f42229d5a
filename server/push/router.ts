import { pushEndpointRefSchema } from "../../domain/push.ts";
import { refused } from "../trpc/answer.ts";
import { router } from "../trpc/init.ts";
import { authedProcedure } from "../trpc/procedures.ts";
import { isKnownPushService } from "./push-services.ts";
import { removePushSubscription, savePushSubscription, storablePushSubscriptionSchema } from "./subscriptions.ts";

/** Web Push on this browser: the key to subscribe with, and the subscription kept or forgotten (docs/decisions/019). */
export const pushRouter = router({
  /** The server's VAPID public key (base64url), for PushManager.subscribe's applicationServerKey. */
  publicKey: authedProcedure.query(({ ctx }) => ({ publicKey: ctx.config.push.publicKey })),

  /**
   * Keeps this browser's subscription for the caller (an endpoint another account had moves here); an
   * endpoint on no known push service is refused (docs/decisions/057).
   */
  subscribe: authedProcedure.input(storablePushSubscriptionSchema).mutation(({ ctx, input }) => {
    if (!isKnownPushService(input.endpoint, ctx.config.push.extraServiceHosts)) throw refused("push_service_unknown");
    return savePushSubscription(ctx.db, ctx.user.id, input, ctx.services.now());
  }),

  /** Forgets one of the caller's endpoints; `removed` is false for one that is not theirs or unknown. */
  unsubscribe: authedProcedure
    .input(pushEndpointRefSchema)
    .mutation(({ ctx, input }) => removePushSubscription(ctx.db, ctx.user.id, input.endpoint)),
});
