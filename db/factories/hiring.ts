import { eq, sql } from "drizzle-orm";

import type { Queryable } from "../database.ts";
import { jobs } from "../schema/index.ts";
import { createApplication } from "./jobs.ts";

/**
 * Inserts an accepted application of `workerId` and counts it in the job's accepted_count, as the
 * accept action does (the CHECK keeps it within max_workers). Group chat membership is the server's
 * business: tests that need it accept through the procedure.
 */
export async function createAcceptedApplication(db: Queryable, jobId: string, workerId: string) {
  const application = await createApplication(db, jobId, workerId, { status: "accepted" });
  await db
    .update(jobs)
    .set({ acceptedCount: sql`${jobs.acceptedCount} + 1` })
    .where(eq(jobs.id, jobId));
  return application;
}
