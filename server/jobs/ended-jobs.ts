import { sql } from "drizzle-orm";

import { queryRows, type Database } from "../../db/database.ts";
import type { BackgroundQueue } from "../background-jobs.ts";
import { notifyPeople } from "../notifications/notify.ts";

/**
 * How far back a pass looks for jobs that ended: the sweep runs every few minutes, so a week covers any
 * outage, and a job forgotten for longer is not asked about again on every pass.
 */
const ENDED_LOOKBACK_DAYS = 7;
/** At most this many owners are asked per pass; the next pass takes the rest. */
const ENDED_PER_PASS = 500;

/** The dedupe key of the one "complete it" notice a job's owner gets. */
export const endedNoticeKey = (jobId: string) => `job-ended:${jobId}`;

/**
 * The scheduled pass over jobs whose days are over: asks each owner once to complete the job, and changes
 * nothing, since only the owner knows whether the work was done (docs/decisions/048).
 */
export async function askToCompleteEndedJobs(db: Database, queue: BackgroundQueue, now: Date): Promise<number> {
  const at = now.toISOString();
  const due = await queryRows<{ job_id: string; title: string; owner_id: string }>(
    db,
    // jobs_active_ends_idx: active jobs by end, a week's range of it.
    sql`select j.id as job_id, j.title, j.employer_id as owner_id
        from jobs j
        where j.status in ('open', 'in_progress')
          and j.ends_at <= ${at}::timestamptz
          and j.ends_at > ${at}::timestamptz - make_interval(days => ${ENDED_LOOKBACK_DAYS})
          and not exists (
            select 1 from notifications n
            where n.user_id = j.employer_id and n.dedupe_key = 'job-ended:' || j.id
          )
        order by j.ends_at
        limit ${ENDED_PER_PASS}`,
  );
  let written = 0;
  for (const row of due) {
    const ids = await db.transaction((tx) =>
      notifyPeople(
        tx,
        queue,
        [row.owner_id],
        { kind: "job_ended", jobId: row.job_id, jobTitle: row.title },
        { actorId: null, dedupeKey: endedNoticeKey(row.job_id) },
      ),
    );
    written += ids.length;
  }
  return written;
}
