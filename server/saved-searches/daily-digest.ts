import { sql } from "drizzle-orm";

import { queryRows, type Database } from "../../db/database.ts";
import { lockPeopleFirst } from "../../db/lock-order.ts";
import { SAVED_SEARCH_DIGEST_JOBS, SAVED_SEARCH_DIGEST_LOCAL_HOUR } from "../../domain/saved-searches.ts";
import type { BackgroundQueue } from "../background-jobs.ts";
import { notifyPeople } from "../notifications/notify.ts";

/** People served per pass; the next pass (every 10 minutes) takes the rest. */
const PEOPLE_PER_PASS = 500;

/**
 * The scheduled digest pass: one notice per person a day at SAVED_SEARCH_DIGEST_LOCAL_HOUR in their own zone
 * (docs/decisions/023); its dedupe key makes a repeated pass, or two instances, write it once.
 */
export async function writeDueDigests(db: Database, queue: BackgroundQueue, now: Date): Promise<number> {
  // As text: postgres.js cannot send a Date where the statement leaves the parameter's type open.
  const at = now.toISOString();
  const localNow = sql`(${at}::timestamptz at time zone coalesce(p.time_zone, 'UTC'))`;
  const due = await queryRows<{ user_id: string; local_day: string }>(
    db,
    sql`select distinct s.user_id, ${localNow}::date::text as local_day
        from saved_search_matches m
        join saved_searches s on s.id = m.saved_search_id
        join profiles p on p.id = s.user_id
        where m.notified_at is null and m.created_at <= ${at}::timestamptz and s.alerts = 'daily'
          and extract(hour from ${localNow}) >= ${SAVED_SEARCH_DIGEST_LOCAL_HOUR}
          and not exists (
            select 1 from notifications n
            where n.user_id = s.user_id and n.dedupe_key = 'saved-search-digest:' || ${localNow}::date::text
          )
        limit ${PEOPLE_PER_PASS}`,
  );
  let written = 0;
  for (const person of due) {
    const ids = await db.transaction(async (tx) => {
      if (!(await lockPeopleFirst(tx, [person.user_id]))) return [];
      const matched = await queryRows<{ job_id: string; title: string; open: boolean }>(
        tx,
        sql`select m.job_id, j.title, j.status = 'open' and j.moderation = 'visible' and j.ends_at > now() as open
            from saved_search_matches m
            join saved_searches s on s.id = m.saved_search_id
            join jobs j on j.id = m.job_id
            where s.user_id = ${person.user_id} and s.alerts = 'daily' and m.notified_at is null
              and m.created_at <= ${at}::timestamptz
            group by m.job_id, j.title, j.status, j.moderation, j.ends_at, j.created_at
            order by j.created_at desc, m.job_id desc`,
      );
      if (matched.length === 0) return [];
      await tx.execute(
        sql`update saved_search_matches m set notified_at = ${at}::timestamptz
            from saved_searches s
            where s.id = m.saved_search_id and s.user_id = ${person.user_id} and m.notified_at is null
              and m.job_id in (${sql.join(
                matched.map((row) => sql`${row.job_id}::uuid`),
                sql`, `,
              )})`,
      );
      // Jobs filled, cancelled or over since they matched are not worth a notice.
      const open = matched.filter((row) => row.open);
      if (open.length === 0) return [];
      return notifyPeople(
        tx,
        queue,
        [person.user_id],
        {
          kind: "saved_search_digest",
          count: open.length,
          jobs: open.slice(0, SAVED_SEARCH_DIGEST_JOBS).map((row) => ({ jobId: row.job_id, jobTitle: row.title })),
        },
        { actorId: null, dedupeKey: `saved-search-digest:${person.local_day}` },
      );
    });
    written += ids.length;
  }
  return written;
}
