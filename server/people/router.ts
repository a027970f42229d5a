import { peopleSearchSchema } from "../../domain/people.ts";
import { router } from "../trpc/init.ts";
import { publicProcedure } from "../trpc/procedures.ts";
import { searchPeople } from "./search-people.ts";

export const peopleRouter = router({
  /** Visible profiles matching the home page's search text; anyone may search (blocks hide people both ways). */
  search: publicProcedure
    .input(peopleSearchSchema)
    .query(({ ctx, input }) => searchPeople(ctx.db, input.q, ctx.user?.id ?? null)),
});
