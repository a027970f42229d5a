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
  acceptedAt: jobApplications.updatedAt,
});

/**
 * A worker's jobs for their profile page: completed jobs they were accepted for (newest start first),
 * and the jobs they were most recently accepted for. A hidden profile's history is its owner's only:
 * null for anyone else, as for an unknown person.
 */
export async function workHistory(db: Queryable, workerId: string, viewerId: string | null, language: LanguageCode) {
  if (!(await isProfileVisible(db, workerId, viewerId))) return null;
  const acceptedJobs = () =>
    db
      .select(jobSummary(language))
      .from(jobApplications)
      .innerJoin(jobs, eq(jobs.id, jobApplications.jobId))
      .innerJoin(profiles, eq(profiles.id, jobs.employerId))
      .$dynamic();
  const accepted = and(eq(jobApplications.workerId, workerId), eq(jobApplications.status, "accepted"));
  const [previousJobs, latestAcceptedJobs] = await Promise.all([
    acceptedJobs()
      .where(and(accepted, eq(jobs.status, "completed")))
      .orderBy(desc(jobs.startDate), desc(jobs.createdAt), desc(jobs.id))
      .limit(PREVIOUS_JOBS_LIMIT),
    acceptedJobs().where(accepted).orderBy(desc(jobApplications.updatedAt), desc(jobApplications.id)).limit(ACCEPTED_JOBS_LIMIT),
  ]);
  return { previousJobs, latestAcceptedJobs };
}
