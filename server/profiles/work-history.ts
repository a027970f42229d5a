import { and, desc, eq } from "drizzle-orm";

import type { Queryable } from "../../db/database.ts";
import { jobApplications, jobs, profiles } from "../../db/schema/index.ts";
import type { LanguageCode } from "../../domain/languages.ts";
import { jobCardFields } from "../jobs/job-projection.ts";
import { cityNameOf } from "../places/city-name.ts";
import { isProfileVisible } from "./visibility.ts";

/** The profile shows up to 5 previous jobs of 10 fetched, and the 5 latest accepted jobs (docs/product.md, Limits). */
const PREVIOUS_JOBS_LIMIT = 10;
const ACCEPTED_JOBS_LIMIT = 5;

const jobSummary = (language: LanguageCode) => ({
  ...jobCardFields,
  cityName: cityNameOf(jobs.cityId, language),
  employerName: profiles.fullName,
  companyName: profiles.companyName,
  employerVisible: profiles.privacyProfileVisible,
  acceptedAt: jobApplications.updatedAt,
});

type JobSummary = Awaited<ReturnType<typeof summaries>>[number];

function summaries(db: Queryable, language: LanguageCode) {
  return db
    .select(jobSummary(language))
    .from(jobApplications)
    .innerJoin(jobs, eq(jobs.id, jobApplications.jobId))
    .innerJoin(profiles, eq(profiles.id, jobs.employerId))
    .$dynamic();
}

/**
 * A job whose employer hid their profile, as others read a worker's history (docs/decisions/059): its
 * title and days stay, the worker's record, but not who employed them: no employer, and no job id,
 * whose page names the employer. The worker and the employer see it whole.
 */
function withoutHiddenEmployer(job: JobSummary, workerId: string, viewerId: string | null) {
  const { employerVisible, ...summary } = job;
  if (employerVisible || viewerId === workerId || viewerId === job.employerId) return summary;
  return { ...summary, id: null, employerId: null, employerName: null, companyName: null };
}

/**
 * A worker's jobs for their profile page: completed jobs they were accepted for (newest start first),
 * and the jobs they were most recently accepted for. A hidden profile's history is its owner's only:
 * null for anyone else, as for an unknown person. An employer who hid their profile is not named.
 */
export async function workHistory(db: Queryable, workerId: string, viewerId: string | null, language: LanguageCode) {
  if (!(await isProfileVisible(db, workerId, viewerId))) return null;
  const acceptedJobs = () => summaries(db, language);
  const accepted = and(eq(jobApplications.workerId, workerId), eq(jobApplications.status, "accepted"));
  const [previousJobs, latestAcceptedJobs] = await Promise.all([
    acceptedJobs()
      .where(and(accepted, eq(jobs.status, "completed")))
      .orderBy(desc(jobs.startDate), desc(jobs.createdAt), desc(jobs.id))
      .limit(PREVIOUS_JOBS_LIMIT),
    acceptedJobs().where(accepted).orderBy(desc(jobApplications.updatedAt), desc(jobApplications.id)).limit(ACCEPTED_JOBS_LIMIT),
  ]);
  const shown = (job: JobSummary) => withoutHiddenEmployer(job, workerId, viewerId);
  return { previousJobs: previousJobs.map(shown), latestAcceptedJobs: latestAcceptedJobs.map(shown) };
}
