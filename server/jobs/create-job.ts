import type { Queryable } from "../../db/database.ts";
import { jobs } from "../../db/schema/index.ts";
import type { JobCreateValues } from "../../domain/jobs.ts";
import { cityExists } from "../places/find-cities.ts";
import { refusal } from "../refusal.ts";
import { jobColumns } from "./job-columns.ts";

/**
 * Inserts a job posted by `employerId` in the language they wrote it in; returns its id. The city must
 * be one of the gazetteer's (its rows never change at run time, so checking first is enough).
 */
export async function createJob(db: Queryable, employerId: string, input: JobCreateValues, now: Date) {
  if (!(await cityExists(db, input.cityId))) return refusal("city_unknown");
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
