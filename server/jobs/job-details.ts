import { and, eq, sql } from "drizzle-orm";

import type { Queryable } from "../../db/database.ts";
import { jobApplications, jobs, profiles } from "../../db/schema/index.ts";
import type { LanguageCode } from "../../domain/languages.ts";
import { cityNameOf } from "../places/city-name.ts";
import { ratingField, ratingOf } from "../ratings/rating-summary.ts";
import { jobFields } from "./job-projection.ts";

/**
 * A job page: every field of the job, its employer's public details and rating, whatever the job's
 * status (a link to a finished job still opens). Null when there is no such job. The employer's name
 * and company always show (they are who posts the job); bio and location are profile details, shown
 * only when the profile is public or the reader is the employer (docs/product.md, Profiles and people).
 * The street address only its owner and its accepted workers read (docs/decisions/021).
 */
export async function findJobDetails(db: Queryable, jobId: string, viewerId: string | null, language: LanguageCode) {
  const rating = ratingOf(db, jobs.employerId, "employer_rating");
  const viewer = viewerId ?? "";
  const mayShow = sql`(${profiles.privacyProfileVisible} or ${profiles.id} = ${viewer})`;
  const hired = sql`exists (select 1 from ${jobApplications} where ${jobApplications.jobId} = ${jobs.id} and ${jobApplications.workerId} = ${viewer} and ${jobApplications.status} = 'accepted')`;
  const [row] = await db
    .select({
      ...jobFields,
      address: sql<string | null>`case when ${jobs.employerId} = ${viewer} or ${hired} then ${jobs.address} end`,
      cityName: cityNameOf(jobs.cityId, language),
      employer: {
        id: profiles.id,
        fullName: profiles.fullName,
        companyName: profiles.companyName,
        bio: sql<string | null>`case when ${mayShow} then ${profiles.bio} end`,
        location: sql<string | null>`case when ${mayShow} then ${profiles.location} end`,
        profileVisible: profiles.privacyProfileVisible,
      },
      employerRating: ratingField(rating),
    })
    .from(jobs)
    .innerJoin(profiles, eq(profiles.id, jobs.employerId))
    .leftJoinLateral(rating, sql`true`)
    .where(eq(jobs.id, jobId))
    .limit(1);
  return row ?? null;
}
export type JobDetails = NonNullable<Awaited<ReturnType<typeof findJobDetails>>>;

/** The edit form's job: found only by its id together with its employer, so "not yours" is "not found". */
export async function findOwnJob(db: Queryable, jobId: string, employerId: string) {
  const [row] = await db
    .select(jobFields)
    .from(jobs)
    .where(and(eq(jobs.id, jobId), eq(jobs.employerId, employerId)))
    .limit(1);
  return row ?? null;
}
