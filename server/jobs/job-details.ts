import { and, eq, sql } from "drizzle-orm";

import type { Queryable } from "../../db/database.ts";
import { oncePerDatabase } from "../../db/once-per-database.ts";
import { preparedDecodingOnce } from "../../db/row-decoders.ts";
import { cities, jobApplications, jobs, profiles } from "../../db/schema/index.ts";
import type { LanguageCode } from "../../domain/languages.ts";
import { cityNameOf } from "../places/city-name.ts";
import { ratingField, ratingOf } from "../ratings/rating-summary.ts";
import { jobFields } from "./job-projection.ts";

/**
 * The job page's statement, with `jobId`, `viewerId` ("" for nobody) and `language` left as placeholders so
 * it is prepared once. Profile details follow the profile's visibility; the street address only the owner
 * and hired workers read (docs/decisions/021).
 */
export function jobDetailsQuery(db: Queryable) {
  const rating = ratingOf(db, jobs.employerId, "employer_rating");
  const viewer = sql.placeholder("viewerId");
  const mayShow = sql`(${profiles.privacyProfileVisible} or ${profiles.id} = ${viewer})`;
  const hired = sql`exists (select 1 from ${jobApplications} where ${jobApplications.jobId} = ${jobs.id} and ${jobApplications.workerId} = ${viewer} and ${jobApplications.status} = 'accepted')`;
  return (
    db
      .select({
        ...jobFields,
        address: sql<string | null>`case when ${jobs.employerId} = ${viewer} or ${hired} then ${jobs.address} end`,
        cityName: cityNameOf(jobs.cityId, sql`${sql.placeholder("language")}`),
        // The zone the job's days are counted in (Complete waits for the start date there: domain/jobs.ts
        // jobTimeZone): its city's; for a job without a city its owner alone reads their own.
        timeZone: sql<
          string | null
        >`coalesce((select ${cities.timeZone} from ${cities} where ${cities.id} = ${jobs.cityId}), case when ${jobs.employerId} = ${viewer} then ${profiles.timeZone} end)`,
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
      // A job held for review or removed (docs/decisions/069) is its owner's alone: to anyone else not found.
      .where(and(eq(jobs.id, sql.placeholder("jobId")), sql`(${jobs.moderation} = 'visible' or ${jobs.employerId} = ${viewer})`))
      .limit(1)
  );
}

/**
 * True while a worker is hired for some day of the job (accepted_count counts the least-staffed day only).
 * The job is named as written: drizzle leaves a lone table's columns unqualified, which inside the
 * subquery would name the application's own.
 */
export const anyoneHired = sql<boolean>`exists (select 1 from job_applications a where a.job_id = jobs.id and a.status = 'accepted')`;

/** The values of the job page's placeholders. */
export type JobDetailsValues = { jobId: string; viewerId: string; language: LanguageCode };

// Built once per database (or transaction) handle and prepared: each page view only binds its values
// and, on Postgres, runs a statement the connection has already parsed, in one round trip; its row is
// decoded by decoders found once (db/row-decoders.ts).
const jobDetailsStatement = oncePerDatabase((db) => preparedDecodingOnce(jobDetailsQuery(db), "job_details"));

/** A job page (see jobDetailsQuery) as `viewerId` reads it, in `language`; null when there is no such job. */
export async function findJobDetails(db: Queryable, jobId: string, viewerId: string | null, language: LanguageCode) {
  const values: JobDetailsValues = { jobId, viewerId: viewerId ?? "", language };
  const [row] = await jobDetailsStatement(db).execute(values);
  return row ?? null;
}
export type JobDetails = NonNullable<Awaited<ReturnType<typeof findJobDetails>>>;

/**
 * The edit form's job: found only by its id together with its employer, so "not yours" is "not found".
 * `hired`: someone is hired for some day, so its pay mode is settled (docs/decisions/078).
 */
export async function findOwnJob(db: Queryable, jobId: string, employerId: string) {
  const [row] = await db
    .select({ ...jobFields, hired: anyoneHired })
    .from(jobs)
    .where(and(eq(jobs.id, jobId), eq(jobs.employerId, employerId)))
    .limit(1);
  return row ?? null;
}
