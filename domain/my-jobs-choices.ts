// What /my-jobs offers, without its input schema (domain/my-jobs.ts): the page's route reads its URL
// with these on every start, and zod stays out of the first load.

/** /my-jobs lists the jobs a person posted, or the jobs they applied to, whatever their account type. */
export const MY_JOBS_VIEWS = ["posted", "applied"] as const;
export type MyJobsView = (typeof MY_JOBS_VIEWS)[number];

/**
 * /my-jobs tabs (docs/product.md, Screens): not started yet (open), under way (in progress), over
 * (completed or cancelled; for a worker also a final rejection). server/jobs/my-jobs.ts says it in SQL.
 */
export const MY_JOBS_TABS = ["upcoming", "in_progress", "past"] as const;
export type MyJobsTab = (typeof MY_JOBS_TABS)[number];
