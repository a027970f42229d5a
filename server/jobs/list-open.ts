import { desc, eq } from "drizzle-orm";
import type { Queryable } from "../../db/database.ts";
import { jobs, profiles } from "../../db/schema/index.ts";

/** The newest open jobs with their employer's display name. */
export async function listOpenJobs(db: Queryable, limit: number) {
  return db
    .select({
      id: jobs.id,
      title: jobs.title,
      category: jobs.category,
      location: jobs.location,
      startDate: jobs.startDate,
      durationDays: jobs.durationDays,
      hourlyRate: jobs.hourlyRate,
      currency: jobs.currency,
      skills: jobs.skills,
      createdAt: jobs.createdAt,
      employerName: profiles.fullName,
      companyName: profiles.companyName,
    })
    .from(jobs)
    .innerJoin(profiles, eq(profiles.id, jobs.employerId))
    .where(eq(jobs.status, "open"))
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(limit);
}
