import { userRefSchema } from "../../domain/ids.ts";
import { found } from "../trpc/answer.ts";
import { router } from "../trpc/init.ts";
import { publicProcedure } from "../trpc/procedures.ts";
import { workHistory } from "./work-history.ts";

export const workHistoryRouter = router({
  /** A worker's previous (completed) jobs and latest accepted jobs, for the profile page. */
  forUser: publicProcedure
    .input(userRefSchema)
    .query(async ({ ctx, input }) =>
      found(await workHistory(ctx.db, input.userId, ctx.user?.id ?? null, ctx.language), "not_found"),
    ),
});
