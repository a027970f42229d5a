import { and, asc, desc, eq, sql } from "drizzle-orm";

import type { Queryable } from "../../db/database.ts";
import { certificates, jobApplications, jobs, profiles } from "../../db/schema/index.ts";
import { shiftDates } from "../../domain/attendance.ts";
import { MAX_CERTIFICATES } from "../../domain/certificates.ts";
import type { CertificateItem } from "../certificates/list-certificates.ts";
import { ratingField, ratingOf } from "../ratings/rating-summary.ts";
import { reliabilityField, reliabilityFrom } from "../reliability/figures.ts";
import { staffedDays } from "./hire.ts";

/** The most applications the management page lists (pending first, then newest). */
const APPLICATIONS_LIMIT = 200;

/**
 * Each applicant's certificates (newest first, as their own list) as a JSON array, for a select over
 * applications: the job's owner may see them (server/certificates/access.ts: a worker who applied).
 */
function certificatesField() {
  return sql<CertificateItem[] | string>`coalesce((
    select json_agg(json_build_object('id', c.id, 'fileName', c.file_name, 'fileSize', c.file_size, 'createdAt', c.created_at)
      order by c.created_at desc, c.id desc)
    from (
      select * from ${certificates} c where c.user_id = ${jobApplications.workerId}
      order by c.created_at desc, c.id desc limit ${MAX_CERTIFICATES}
    ) c
  ), '[]'::json)`;
}

/** The JSON of `certificatesField` as the certificate rows list them. */
function certificatesFrom(raw: CertificateItem[] | string): CertificateItem[] {
  const list = typeof raw === "string" ? (JSON.parse(raw) as CertificateItem[]) : raw;
  return list.map((c) => ({ ...c, fileSize: Number(c.fileSize), createdAt: new Date(c.createdAt) }));
}

/**
 * The owner's view of a job's applications: each with the days it is for and the worker's public
 * details, rating, reliability figures and certificates, all in the same query (aggregates and
 * correlated subqueries per row, not a request per card), plus the job's capacity and each day's
 * staffing. Null for anyone but the owner and for an unknown job alike.
 */
export async function listJobApplications(db: Queryable, jobId: string, ownerId: string) {
  const [job] = await db
    .select({
      id: jobs.id,
      title: jobs.title,
      status: jobs.status,
      maxWorkers: jobs.maxWorkers,
      acceptedCount: jobs.acceptedCount,
      startDate: jobs.startDate,
      durationDays: jobs.durationDays,
      partialDays: jobs.partialDays,
      payMode: jobs.payMode,
    })
    .from(jobs)
    .where(and(eq(jobs.id, jobId), eq(jobs.employerId, ownerId)));
  if (!job) return null;

  const workerRating = ratingOf(db, jobApplications.workerId, "worker_rating");

  const rows = await db
    .select({
      id: jobApplications.id,
      status: jobApplications.status,
      message: jobApplications.message,
      // The days it is for (null: every day of the job: docs/decisions/035).
      days: jobApplications.days,
      createdAt: jobApplications.createdAt,
      // When it was accepted or rejected (a rejection can be undone for a while: domain/applications.ts).
      decidedAt: jobApplications.updatedAt,
      workerId: profiles.id,
      fullName: profiles.fullName,
      bio: profiles.bio,
      location: profiles.location,
      rating: ratingField(workerRating),
      reliability: reliabilityField(profiles.id),
      certificates: certificatesField(),
    })
    .from(jobApplications)
    .innerJoin(profiles, eq(profiles.id, jobApplications.workerId))
    .leftJoinLateral(workerRating, sql`true`)
    .where(eq(jobApplications.jobId, job.id))
    .orderBy(asc(sql`${jobApplications.status} <> 'pending'`), desc(jobApplications.createdAt), desc(jobApplications.id))
    .limit(APPLICATIONS_LIMIT);

  const dates = shiftDates(job.startDate, job.durationDays);
  const staffed = await staffedDays(db, job.id, dates);
  return {
    job,
    /** Each day of the job with its accepted workers (capacity is max_workers per day). */
    days: dates.map((date) => ({ date, accepted: staffed.get(date) ?? 0 })),
    applications: rows.map(({ workerId, fullName, bio, location, rating, reliability, certificates, ...application }) => {
      // The cards show the counts; the strikes themselves are on the worker's profile.
      const { strikes: _strikes, ...figures } = reliabilityFrom(reliability);
      return {
        ...application,
        worker: {
          id: workerId,
          fullName,
          bio,
          location,
          rating,
          reliability: figures,
          certificates: certificatesFrom(certificates),
        },
      };
    }),
  };
}
