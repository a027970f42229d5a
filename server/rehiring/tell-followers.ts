import { sql } from "drizzle-orm";

import { queryRows, type Database } from "../../db/database.ts";
import type { BackgroundQueue } from "../background-jobs.ts";
import { blockedBetween } from "../blocks/between.ts";
import { notifyPeople } from "../notifications/notify.ts";

/** Followers told per statement. */
const FOLLOWERS_PAGE = 500;

/**
 * Tells an employer's followers of a new job at once, whatever their alert settings (docs/decisions/036); a
 * held job or a block tells nobody (docs/decisions/068, 069), and the dedupe key makes a retry tell nobody twice.
 */
export async function tellFollowers(db: Database, queue: BackgroundQueue, jobId: string): Promise<number> {
  let told = 0;
  let after = "";
  for (;;) {
    const page = await db.transaction(async (tx) => {
      const rows = await queryRows<{ follower_id: string; employer_id: string; title: string; employer_name: string }>(
        tx,
        sql`select f.follower_id, j.employer_id, j.title, coalesce(nullif(e.company_name, ''), e.full_name) as employer_name
            from jobs j
            join profiles e on e.id = j.employer_id
            join employer_follows f on f.employer_id = j.employer_id
            where j.id = ${jobId}::uuid and j.status = 'open' and j.moderation = 'visible' and j.ends_at > now() and f.follower_id > ${after}
              -- An invited follower was told by the invitation (docs/decisions/047).
              and not exists (select 1 from job_invitations i where i.job_id = j.id and i.worker_id = f.follower_id)
              and not ${blockedBetween(sql`f.follower_id`, sql`j.employer_id`)}
            order by f.follower_id
            limit ${FOLLOWERS_PAGE}`,
      );
      const [first] = rows;
      if (!first) return rows;
      const ids = await notifyPeople(
        tx,
        queue,
        rows.map((r) => r.follower_id),
        { kind: "followed_employer_job", jobId, jobTitle: first.title, employerName: first.employer_name },
        { actorId: first.employer_id, dedupeKey: `followed-job:${jobId}` },
      );
      told += ids.length;
      return rows;
    });
    const last = page.at(-1);
    if (!last || page.length < FOLLOWERS_PAGE) return told;
    after = last.follower_id;
  }
}
