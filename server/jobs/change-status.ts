import { and, eq, inArray } from "drizzle-orm";
import type { Queryable } from "../../db/database.ts";
import { jobs } from "../../db/schema/index.ts";
import { ERR } from "../../domain/errors.ts";
import { JOB_ACTIONS, type JobAction } from "../../domain/statuses.ts";
import { isUuid } from "../search/like-pattern.ts";
import { fail } from "../trpc/init.ts";

/**
 * The owner's Start / Complete / Cancel as one conditional UPDATE (WHERE id AND employer_id AND status
 * IN the action's allowed sources), so two clicks or two tabs cannot both move the job. When no row
 * changed, a read tells "not yours or missing" (NOT_FOUND) from "not allowed from this status" (CONFLICT).
 */
export async function changeJobStatus(db: Queryable, employerId: string, jobId: string, action: JobAction, now: Date) {
  if (!isUuid(jobId)) throw fail("NOT_FOUND", ERR.jobNotFound);
  const { from, to } = JOB_ACTIONS[action];
  const owned = and(eq(jobs.id, jobId), eq(jobs.employerId, employerId));
  const [row] = await db
    .update(jobs)
    .set({ status: to, updatedAt: now })
    .where(and(owned, inArray(jobs.status, [...from])))
    .returning({ id: jobs.id, status: jobs.status });
  if (row) return row;
  const [existing] = await db.select({ id: jobs.id }).from(jobs).where(owned).limit(1);
  if (!existing) throw fail("NOT_FOUND", ERR.jobNotFound);
  throw fail("CONFLICT", ERR.jobStatusChangeRefused);
}
