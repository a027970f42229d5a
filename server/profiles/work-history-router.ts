import { userRefSchema } from "../../domain/ratings.ts";
import { router } from "../trpc/init.ts";
import { publicProcedure } from "../trpc/procedures.ts";
import { workHistory } from "./work-history.ts";

export const workHistoryRouter = router({
  /** A worker's previous (completed) jobs and latest accepted jobs, for the profile page. */
  forUser: publicProcedure
    .input(userRefSchema)
    .query(({ ctx, input }) => workHistory(ctx.db, input.userId, ctx.user?.id ?? null)),
});
