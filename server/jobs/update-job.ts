import { and, eq, inArray, lte } from "drizzle-orm";

import type { Queryable } from "../../db/database.ts";
import { jobs } from "../../db/schema/index.ts";
import { todayIn } from "../../domain/age.ts";
import type { JobUpdateValues } from "../../domain/jobs.ts";
import { ACTIVE_JOB_STATUSES, isActiveJob } from "../../domain/statuses.ts";
import { cityExists } from "../places/find-cities.ts";
import { refusal } from "../refusal.ts";
import { jobColumns } from "./job-columns.ts";
import { findOwnJob } from "./job-details.ts";

/**
 * Saves the edit form in one conditional UPDATE: only the owner's row (WHERE id AND employer_id), only
 * while the job is open or in progress (a completed or cancelled job is final; a Complete racing this
 * holds the row, and the UPDATE re-checks the status it left), only if it would not drop below the
 * workers already accepted (an accept may race this), and only if the start date is kept or not in the
 * editor's past. When nothing was updated, a read picks the reason.
 */
export async function updateJob(db: Queryable, employerId: string, input: JobUpdateValues, now: Date) {
  if (!(await cityExists(db, input.cityId))) return refusal("city_unknown");
  const today = todayIn(input.timeZone, now);
  const owned = and(eq(jobs.id, input.jobId), eq(jobs.employerId, employerId));
  const [row] = await db
    .update(jobs)
    .set({ ...jobColumns(input), updatedAt: now })
    .where(
      and(
        owned,
        inArray(jobs.status, [...ACTIVE_JOB_STATUSES]),
        lte(jobs.acceptedCount, input.maxWorkers),
        // A date left as it was may be in the past (a job under way); a new one may not.
        input.startDate >= today ? undefined : eq(jobs.startDate, input.startDate),
      ),
    )
    .returning({ id: jobs.id });
  if (row) return row;

  const current = await findOwnJob(db, input.jobId, employerId);
  if (!current) return refusal("job_edit_not_found");
  if (!isActiveJob(current.status)) return refusal("job_finished");
  if (current.acceptedCount > input.maxWorkers) return refusal("workers_below_accepted");
  return refusal("start_date_past");
}
