import { and, eq, sql } from "drizzle-orm";

import type { Queryable } from "../../db/database.ts";
import { jobs, profiles } from "../../db/schema/index.ts";
import { ratingField, ratingOf } from "../ratings/rating-summary.ts";
import { jobFields } from "./job-projection.ts";

/**
 * A job page: every field of the job, its employer's public details and rating, whatever the job's
 * status (a link to a finished job still opens). Null when there is no such job. The employer's name
 * and company always show (they are who posts the job); bio and location are profile details, shown
 * only when the profile is public or the reader is the employer (docs/product.md, Profiles and people).
 */
export async function findJobDetails(db: Queryable, jobId: string, viewerId: string | null) {
  const rating = ratingOf(db, jobs.employerId, "employer_rating");
  const mayShow = sql`(${profiles.privacyProfileVisible} or ${profiles.id} = ${viewerId ?? ""})`;
  const [row] = await db
    .select({
      ...jobFields,
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
