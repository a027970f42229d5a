import { jobsRouter } from "../jobs/router.ts";
import { profilesRouter } from "../profiles/router.ts";
import { router } from "./init.ts";

export const appRouter = router({
  profiles: profilesRouter,
  jobs: jobsRouter,
});

export type AppRouter = typeof appRouter;
