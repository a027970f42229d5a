import { sql } from "drizzle-orm";

import { queryRows, type Database } from "../../db/database.ts";
import { REMINDER_LOCAL_HOUR } from "../../domain/notifications.ts";
import { cityNameOf } from "../places/city-name.ts";
import type { BackgroundQueue } from "../queue/background-queue.ts";
import { notifyPeople } from "./notify.ts";

/**
 * The scheduled reminder pass: for every active job starting tomorrow in a participant's own time zone
 * (the owner and each accepted worker; UTC when the browser never told us), once their local clock has
 * reached REMINDER_LOCAL_HOUR, one notice "tomorrow: …". The dedupe key (job and date) makes a repeated
 * pass, or two instances, write it once. Answers how many notices were written.
 */
export async function writeDueReminders(db: Database, queue: BackgroundQueue, now: Date): Promise<number> {
  // As text: postgres.js cannot send a Date where the statement leaves the parameter's type open.
  const at = now.toISOString();
  const due = await queryRows<{
    job_id: string;
    title: string;
    start_date: string;
    location: string;
    owner_id: string;
    user_id: string;
  }>(
    db,
    // Where to go: everyone reminded is the owner or a hired worker, so the street address is theirs to
    // read; then the district and the city, named in the person's language.
    sql`select j.id as job_id, j.title, j.start_date::text as start_date,
               concat_ws(', ', j.address, j.district, ${cityNameOf(sql`j.city_id`, sql`p.language`)}) as location,
               j.employer_id as owner_id, r.user_id
        from jobs j
        cross join lateral (
          select j.employer_id as user_id
          union
          select a.worker_id from job_applications a where a.job_id = j.id and a.status = 'accepted'
        ) r
        join profiles p on p.id = r.user_id
        where j.status in ('open', 'in_progress')
          and j.start_date between (${at}::timestamptz at time zone 'UTC')::date
                               and (${at}::timestamptz at time zone 'UTC')::date + 2
          and (${at}::timestamptz at time zone coalesce(p.time_zone, 'UTC'))::date + 1 = j.start_date
          and extract(hour from ${at}::timestamptz at time zone coalesce(p.time_zone, 'UTC')) >= ${REMINDER_LOCAL_HOUR}
          and not exists (
            select 1 from notifications n
            where n.user_id = r.user_id and n.dedupe_key = 'reminder:' || j.id || ':' || j.start_date::text
          )
        limit 1000`,
  );
  let written = 0;
  for (const row of due) {
    const ids = await db.transaction((tx) =>
      notifyPeople(
        tx,
        queue,
        [row.user_id],
        { kind: "job_reminder", jobId: row.job_id, jobTitle: row.title, startDate: row.start_date, location: row.location },
        // The owner is the actor for workers (their deletion takes the job); their own reminder has none.
        { actorId: row.user_id === row.owner_id ? null : row.owner_id, dedupeKey: `reminder:${row.job_id}:${row.start_date}` },
      ),
    );
    written += ids.length;
  }
  return written;
}
