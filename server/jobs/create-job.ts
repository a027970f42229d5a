import type { Queryable } from "../../db/database.ts";
import { jobs } from "../../db/schema/index.ts";
import type { JobCreateValues } from "../../domain/jobs.ts";
import { jobColumns } from "./job-columns.ts";

/** Inserts a job posted by `employerId` in the language they wrote it in; returns its id. */
export async function createJob(db: Queryable, employerId: string, input: JobCreateValues, now: Date) {
  const [row] = await db
    .insert(jobs)
    .values({
      employerId,
      ...jobColumns(input),
      language: input.language,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: jobs.id });
  if (!row) throw new Error("job insert returned nothing");
  return row;
}
