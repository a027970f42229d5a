import { blockSchema } from "../../domain/blocks.ts";
import { settle } from "../trpc/answer.ts";
import { router } from "../trpc/init.ts";
import { memberProcedure } from "../trpc/procedures.ts";
import { blockPerson, listBlocks, unblockPerson } from "./blocks.ts";

/** Blocking another member (docs/product.md, Blocking; docs/decisions/068): the caller's own blocks only. */
export const blocksRouter = router({
  /** The people the caller blocked, latest first. */
  list: memberProcedure.query(({ ctx }) => listBlocks(ctx.db, ctx.user.id)),

  /** Block another member; blocking again answers the same. */
  block: memberProcedure
    .input(blockSchema)
    .mutation(async ({ ctx, input }) =>
      settle(await blockPerson(ctx.db, { blockerId: ctx.user.id, blockedId: input.personId, now: ctx.services.now() })),
    ),

  /** Lift the caller's block of a person. */
  unblock: memberProcedure
    .input(blockSchema)
    .mutation(({ ctx, input }) => unblockPerson(ctx.db, { blockerId: ctx.user.id, blockedId: input.personId })),
});
