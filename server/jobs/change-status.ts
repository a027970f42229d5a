import { and, eq, inArray } from "drizzle-orm";

import type { Database } from "../../db/database.ts";
import { jobs } from "../../db/schema/index.ts";
import { JOB_ACTIONS, type JobAction } from "../../domain/statuses.ts";
import { jobStatusChanged } from "../notifications/events.ts";
import type { BackgroundQueue } from "../queue/background-queue.ts";
import { refusal } from "../refusal.ts";

/**
 * The owner's Start / Complete / Cancel as one conditional UPDATE (WHERE id AND employer_id AND status
 * IN the action's allowed sources), so two clicks or two tabs cannot both move the job. When no row
 * changed, a read tells "not yours or missing" from "not allowed from this status". The accepted workers
 * are told in the same transaction.
 */
export async function changeJobStatus(
  db: Database,
  queue: BackgroundQueue,
  params: { employerId: string; jobId: string; action: JobAction; now: Date },
) {
  const { employerId, jobId, action, now } = params;
  const { from, to } = JOB_ACTIONS[action];
  const owned = and(eq(jobs.id, jobId), eq(jobs.employerId, employerId));
  const changed = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(jobs)
      .set({ status: to, updatedAt: now })
      .where(and(owned, inArray(jobs.status, [...from])))
      .returning({ id: jobs.id, status: jobs.status });
    if (row) await jobStatusChanged(tx, queue, { jobId, status: row.status });
    return row;
  });
  if (changed) return changed;
  const [existing] = await db.select({ id: jobs.id }).from(jobs).where(owned).limit(1);
  return refusal(existing ? "status_change_refused" : "job_not_found");
}
