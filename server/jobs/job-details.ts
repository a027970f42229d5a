import { and, eq, getTableColumns, sql } from "drizzle-orm";
import type { Queryable } from "../../db/database.ts";
import { jobs, profiles } from "../../db/schema/index.ts";
import { isUuid } from "../search/like-pattern.ts";
import { ratingSummary } from "../search/rating-summary.ts";

// Every column a screen may show; search_text is an index helper, not data.
const { searchText: _searchText, ...jobColumns } = getTableColumns(jobs);

/**
 * A job page: every field of the job, its employer's public details and rating, whatever the job's
 * status (a link to a finished job still opens). Null when there is no such job. The employer's name
 * and company always show (they are who posts the job); bio and location are profile details, shown
 * only when the profile is public or the reader is the employer (DECISIONS.md: hidden profiles).
 */
export async function findJobDetails(db: Queryable, jobId: string, viewerId: string | null) {
  if (!isUuid(jobId)) return null;
  const rating = ratingSummary(db, jobs.employerId, "employer_rating");
  const mayShow = sql`(${profiles.privacyProfileVisible} or ${profiles.id} = ${viewerId ?? ""})`;
  const [row] = await db
    .select({
      ...jobColumns,
      employer: {
        id: profiles.id,
        fullName: profiles.fullName,
        companyName: profiles.companyName,
        bio: sql<string | null>`case when ${mayShow} then ${profiles.bio} end`,
        location: sql<string | null>`case when ${mayShow} then ${profiles.location} end`,
        profileVisible: profiles.privacyProfileVisible,
      },
      employerRating: rating.average,
      employerReviewCount: rating.count,
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
  if (!isUuid(jobId)) return null;
  const [row] = await db
    .select(jobColumns)
    .from(jobs)
    .where(and(eq(jobs.id, jobId), eq(jobs.employerId, employerId)))
    .limit(1);
  return row ?? null;
}
