import type { Database } from "../../db/database.ts";
import { jobs } from "../../db/schema/index.ts";
import type { JobCreateValues } from "../../domain/jobs.ts";
import { cityExists } from "../places/find-cities.ts";
import type { BackgroundQueue } from "../queue/background-queue.ts";
import { refusal } from "../refusal.ts";
import { jobColumns } from "./job-columns.ts";

/**
 * Inserts a job posted by `employerId` in the language they wrote it in; returns its id. The city must
 * be one of the gazetteer's (its rows never change at run time, so checking first is enough). The
 * matching of saved searches is queued with the insert (docs/decisions/023).
 */
export async function createJob(db: Database, queue: BackgroundQueue, employerId: string, input: JobCreateValues, now: Date) {
  if (!(await cityExists(db, input.cityId))) return refusal("city_unknown");
  return db.transaction(async (tx) => {
    const [row] = await tx
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
    await queue.send(tx, "saved-search-match", { jobId: row.id });
    return row;
  });
}
