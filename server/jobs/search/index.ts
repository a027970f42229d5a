/**
 * Job search: the home list, search and its count (docs/architecture.md, "Job search"). The planner
 * (plan.ts) picks the read, the builders (page-queries.ts, count-queries.ts) write its SQL over bound
 * values (bound.ts), and the prepared-statement cache and request coalescing stay inside this folder.
 */
import type { SQL } from "drizzle-orm";

import type { JobFilters } from "../../../domain/job-filters.ts";
import { openJobConditions } from "./conditions.ts";
import type { Origin } from "./near.ts";
import { searchTextOf } from "./text-match.ts";

export { listed, notEnded } from "./conditions.ts";
export { JOB_COUNT_CAP } from "./count-queries.ts";
export { resolveOrigin, type Origin } from "./near.ts";
export type { JobSearch } from "./plan.ts";
export { findsJobsAsWritten, searchJobs, type JobSearchItem, type JobSearchPage } from "./search-jobs.ts";
export { correctedTexts } from "./spelling.ts";
export { mayMatchWithTypos } from "./text-match.ts";

/**
 * The WHERE by which the home list of `filters` would show a job, its text read `corrected` when it
 * was: what a saved search's alert matches a new job by (server/saved-searches/match-new-job.ts).
 */
export function matchingJobs({
  filters,
  origin,
  corrected = null,
}: {
  filters: JobFilters;
  origin: Origin | null;
  corrected?: string | null;
}): SQL {
  return openJobConditions({ filters, text: searchTextOf(filters.q, corrected), origin });
}
