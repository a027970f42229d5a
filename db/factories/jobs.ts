import type { Queryable } from "../database.ts";
import { jobApplications, jobs, type Job } from "../schema/index.ts";
import { CITY } from "./places.ts";

export type NewJob = Partial<
  Omit<typeof jobs.$inferInsert, "employerId" | "searchText" | "searchDoc" | "placeWords" | "country" | "latitude" | "longitude">
>;

/** The calendar date `days` from today (UTC), as YYYY-MM-DD. */
export function dateFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Inserts a job of `employerId` with plausible defaults. */
export async function createJob(db: Queryable, employerId: string, input: NewJob = {}): Promise<Job> {
  const [row] = await db
    .insert(jobs)
    .values({
      employerId,
      title: "Warehouse helper",
      description: "Help unload trucks and sort parcels at the warehouse.",
      cityId: CITY.moscow,
      category: "moving",
      durationDays: 2,
      startDate: dateFromToday(3),
      hourlyRate: 500,
      currency: "RUB",
      maxWorkers: 2,
      language: "en",
      ...input,
    })
    .returning();
  if (!row) throw new Error("job insert returned nothing");
  return row;
}

/** Inserts an application of `workerId` to `jobId` (pending unless told otherwise). */
export async function createApplication(
  db: Queryable,
  jobId: string,
  workerId: string,
  input: Partial<typeof jobApplications.$inferInsert> = {},
) {
  const [row] = await db
    .insert(jobApplications)
    .values({ jobId, workerId, ...input })
    .returning();
  if (!row) throw new Error("application insert returned nothing");
  return row;
}
