import { reliabilityReplySchema } from "../../domain/reliability.ts";
import { settle } from "../trpc/answer.ts";
import { router } from "../trpc/init.ts";
import { authedProcedure } from "../trpc/procedures.ts";
import { ownReliability } from "./figures.ts";
import { replyToStrike } from "./reply.ts";

/** Reliability in numbers (docs/decisions/033). Others read it on profiles.public. */
export const reliabilityRouter = router({
  /** The signed-in person's own figures and strikes, each with its appeal's state (docs/decisions/074). */
  mine: authedProcedure.query(({ ctx }) => ownReliability(ctx.db, ctx.user.id, ctx.services.now())),

  /** The person's public reply to one of their own strikes; blank removes it. */
  reply: authedProcedure
    .input(reliabilityReplySchema)
    .mutation(async ({ ctx, input }) =>
      settle(await replyToStrike(ctx.db, { userId: ctx.user.id, id: input.id, reply: input.reply, now: ctx.services.now() })),
    ),
});
