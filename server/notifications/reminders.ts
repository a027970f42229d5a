import { sql } from "drizzle-orm";

import { queryRows, type Database } from "../../db/database.ts";
import { LIMITS } from "../../domain/limits.ts";
import { REMINDER_LOCAL_HOUR } from "../../domain/notifications.ts";
import type { BackgroundQueue } from "../background-jobs.ts";
import { cityNameOf } from "../places/city-name.ts";
import { notifyPeople } from "./notify.ts";

/**
 * The scheduled reminder pass: the evening before each of a participant's days, in their own time zone, one
 * "tomorrow" notice (docs/decisions/046); its dedupe key makes repeated passes write it once.
 */
export async function writeDueReminders(db: Database, queue: BackgroundQueue, now: Date): Promise<number> {
  // As text: postgres.js cannot send a Date where the statement leaves the parameter's type open.
  const at = now.toISOString();
  const utcToday = sql`(${at}::timestamptz at time zone 'UTC')::date`;
  const due = await queryRows<{
    job_id: string;
    title: string;
    day: string;
    start_time: string | null;
    hourly_rate: string | null;
    currency: string;
    location: string;
    owner_id: string;
    user_id: string;
  }>(
    db,
    // Where to go: everyone reminded is the owner or a hired worker, so the street address is theirs to
    // read; then the district and the city, named in the person's language. A job's days start at most
    // durationDaysMax - 1 days before its last, which bounds the index range on start_date.
    sql`select j.id as job_id, j.title, r.day::text as day, to_char(j.start_time, 'HH24:MI') as start_time,
               j.hourly_rate::text as hourly_rate, j.currency::text as currency,
               concat_ws(', ', j.address, j.district, ${cityNameOf(sql`j.city_id`, sql`p.language`)}) as location,
               j.employer_id as owner_id, r.user_id
        from jobs j
        cross join lateral (
          select j.employer_id as user_id, j.start_date as day
          union
          select a.worker_id, d.day::date
          from job_applications a
          cross join lateral unnest(
            coalesce(a.days, array(select generate_series(j.start_date, j.start_date + (j.duration_days - 1), interval '1 day')::date))
          ) as d(day)
          where a.job_id = j.id and a.status = 'accepted'
        ) r
        join profiles p on p.id = r.user_id
        where j.status in ('open', 'in_progress')
          -- A job Daywork took down: its hired workers were told not to come (docs/decisions/074).
          and j.moderation <> 'removed'
          and j.start_date between ${utcToday} - ${LIMITS.durationDaysMax}::int and ${utcToday} + 2
          and r.day between j.start_date and j.start_date + (j.duration_days - 1)
          and (${at}::timestamptz at time zone coalesce(p.time_zone, 'UTC'))::date + 1 = r.day
          and extract(hour from ${at}::timestamptz at time zone coalesce(p.time_zone, 'UTC')) >= ${REMINDER_LOCAL_HOUR}
          and not exists (
            select 1 from notifications n
            where n.user_id = r.user_id and n.dedupe_key = 'reminder:' || j.id || ':' || r.day::text
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
        {
          kind: "job_reminder",
          jobId: row.job_id,
          jobTitle: row.title,
          startDate: row.day,
          location: row.location,
          startTime: row.start_time,
          hourlyRate: row.hourly_rate === null ? null : Number(row.hourly_rate),
          currency: row.currency,
        },
        // The owner is the actor for workers (their deletion takes the job); their own reminder has none.
        { actorId: row.user_id === row.owner_id ? null : row.owner_id, dedupeKey: `reminder:${row.job_id}:${row.day}` },
      ),
    );
    written += ids.length;
  }
  return written;
}
