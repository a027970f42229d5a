import { and, eq } from "drizzle-orm";

import type { Queryable } from "../../db/database.ts";
import { jobApplications } from "../../db/schema/index.ts";
import type { MyApplicationStatus } from "../../domain/applications.ts";
import { statusAsWorkerSees } from "./worker-view.ts";

/** The caller's application to a job, for the apply card: its status (as the worker sees it at `now`), or "none". */
export async function myApplication(db: Queryable, jobId: string, workerId: string, now: Date) {
  const [row] = await db
    .select({ id: jobApplications.id, status: statusAsWorkerSees(now), createdAt: jobApplications.createdAt })
    .from(jobApplications)
    .where(and(eq(jobApplications.jobId, jobId), eq(jobApplications.workerId, workerId)))
    .limit(1);
  const status: MyApplicationStatus = row?.status ?? "none";
  return { status, applicationId: row?.id ?? null, appliedAt: row?.createdAt ?? null };
}
