import { sql } from "drizzle-orm";

import { jobApplications } from "../../db/schema/index.ts";
import { REJECTION_UNDO_SECONDS } from "../../domain/applications.ts";
import type { ApplicationStatus } from "../../domain/statuses.ts";

/**
 * An application's status as its worker sees it at `now`: a rejection the owner may still undo reads
 * as pending, so the worker learns of it together with its notice, once it is final (docs/decisions/026).
 */
export function statusAsWorkerSees(now: Date) {
  const undoableSince = new Date(now.getTime() - REJECTION_UNDO_SECONDS * 1000).toISOString();
  return sql<ApplicationStatus>`case when ${jobApplications.status} = 'rejected' and ${jobApplications.updatedAt} > ${undoableSince}::timestamptz then 'pending' else ${jobApplications.status} end`;
}
