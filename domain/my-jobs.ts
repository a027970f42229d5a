import { z } from "zod";

import { ERR } from "./errors.ts";
import { MY_JOBS_TABS, MY_JOBS_VIEWS } from "./my-jobs-choices.ts";
import { pageCursorSchema } from "./page-cursor.ts";

/**
 * `jobs.mine`: one page of one view. Without a view the account type's (employers posted, workers
 * applied), or the other when that one is empty; without a tab every state, newest first (the
 * profile's card); with a tab by start date, soonest first except Past (latest first).
 */
export const myJobsSchema = z.object({
  view: z.enum(MY_JOBS_VIEWS, { error: ERR.filterInvalid }).optional(),
  tab: z.enum(MY_JOBS_TABS, { error: ERR.filterInvalid }).optional(),
  cursor: pageCursorSchema.nullish(),
});
export type MyJobsInput = z.infer<typeof myJobsSchema>;
