import { and, eq, exists, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

import type { Queryable } from "../../db/database.ts";
import { jobApplications, jobs } from "../../db/schema/index.ts";

/**
 * Who may see a person's certificates: the person, and an employer to one of whose jobs the person
 * has applied (any status: the applications page lists pending, accepted and rejected applicants).
 * A WHERE condition over `ownerColumn`, so a refusal reads exactly like a missing row.
 */
export function certificatesVisibleTo(db: Queryable, viewerId: string, ownerColumn: AnyPgColumn): SQL {
  const applied = db
    .select({ one: sql`1` })
    .from(jobApplications)
    .innerJoin(jobs, eq(jobs.id, jobApplications.jobId))
    .where(and(eq(jobApplications.workerId, ownerColumn), eq(jobs.employerId, viewerId)));
  return sql`(${eq(ownerColumn, viewerId)} or ${exists(applied)})`;
}
