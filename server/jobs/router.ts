import { LIMITS } from "../../domain/limits.ts";
import { router } from "../trpc/init.ts";
import { publicProcedure } from "../trpc/procedures.ts";
import { listOpenJobs } from "./list-open.ts";

export const jobsRouter = router({
  /** Open jobs for the home page, newest first. */
  listOpen: publicProcedure.query(({ ctx }) => listOpenJobs(ctx.db, LIMITS.pageSize)),
});
