import { sql } from "drizzle-orm";

import { queryRows, type Queryable } from "../../db/database.ts";
import type { PageCursor } from "../../domain/page-cursor.ts";
import type { JobStatus } from "../../domain/statuses.ts";
import { AGREED_TIMESHEET_STATUSES, EARNINGS_PAGE } from "../../domain/timesheets.ts";
import { takeNewestPage } from "../pagination/keyset.ts";

/** Agreed statuses as a SQL list. */
const AGREED = sql.join(
  AGREED_TIMESHEET_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);

/**
 * Per hire: the minutes agreed (accepted, resolved, auto-approved), the minutes still open, and the pay
 * for the agreed ones — agreed minutes × hourly rate / 60 in the job's currency, rounded to cents by
 * the database (numeric, exact); null when the rate is negotiable.
 */
function sums(application: ReturnType<typeof sql>, hourlyRate: ReturnType<typeof sql>) {
  return sql`
    coalesce(sum(t.minutes) filter (where t.status in (${AGREED})), 0)::int as agreed_minutes,
    coalesce(sum(t.minutes) filter (where t.status not in (${AGREED})), 0)::int as open_minutes,
    (round(coalesce(sum(t.minutes) filter (where t.status in (${AGREED})), 0) * ${hourlyRate} / 60, 2))::text as amount
    from timesheets t where t.application_id = ${application}`;
}

type SumRow = { agreed_minutes: number; open_minutes: number; amount: string | null };

/** Earnings of one hire: minutes agreed and open, and the pay for the agreed ones. */
export type Earnings = { agreedMinutes: number; openMinutes: number; amount: number | null };

function earningsOf(row: SumRow): Earnings {
  return {
    agreedMinutes: Number(row.agreed_minutes),
    openMinutes: Number(row.open_minutes),
    amount: row.amount === null ? null : Number(row.amount),
  };
}

/** Earnings of every hire of a job (or of one worker's), keyed by application id. */
export async function jobEarnings(db: Queryable, jobId: string, workerId: string | null): Promise<Map<string, Earnings>> {
  const rows = await queryRows<SumRow & { application_id: string }>(
    db,
    sql`select a.id as application_id, s.*
        from job_applications a
        join jobs j on j.id = a.job_id
        cross join lateral (select ${sums(sql`a.id`, sql`j.hourly_rate`)}) s
        where a.job_id = ${jobId} and a.status in ('accepted', 'withdrawn') ${workerId ? sql`and a.worker_id = ${workerId}` : sql``}`,
  );
  return new Map(rows.map((row) => [row.application_id, earningsOf(row)]));
}

/**
 * The worker's earnings, one row per job they were hired for, newest hire first (the index on
 * applications by worker and date), EARNINGS_PAGE at a time: the job, its rate and currency, and the
 * minutes and pay so far.
 */
export async function myEarnings(db: Queryable, workerId: string, cursor: PageCursor | null | undefined) {
  const rows = await queryRows<
    SumRow & {
      job_id: string;
      title: string;
      status: JobStatus;
      start_date: string;
      duration_days: number;
      currency: string;
      hourly_rate: string | null;
      cursorAt: string;
      cursorId: string;
    }
  >(
    db,
    sql`select j.id as job_id, j.title, j.status::text as status, j.start_date::text as start_date, j.duration_days,
               j.currency::text as currency, j.hourly_rate::text as hourly_rate, s.*,
               to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "cursorAt", a.id::text as "cursorId"
        from job_applications a
        join jobs j on j.id = a.job_id
        cross join lateral (select ${sums(sql`a.id`, sql`j.hourly_rate`)}) s
        where a.worker_id = ${workerId}
          -- A job the worker withdrew from lists only when days of it were recorded (docs/decisions/035).
          and (a.status = 'accepted' or (a.status = 'withdrawn' and exists (select 1 from timesheets t where t.application_id = a.id)))
          ${cursor ? sql`and (a.created_at, a.id) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : sql``}
        order by a.created_at desc, a.id desc
        limit ${EARNINGS_PAGE + 1}`,
  );
  const page = takeNewestPage(rows, EARNINGS_PAGE);
  return {
    items: page.items.map((row) => ({
      jobId: row.job_id,
      title: row.title,
      jobStatus: row.status,
      startDate: row.start_date,
      durationDays: Number(row.duration_days),
      currency: row.currency,
      hourlyRate: row.hourly_rate === null ? null : Number(row.hourly_rate),
      ...earningsOf(row),
    })),
    nextCursor: page.nextCursor,
  };
}
