import { sql } from "drizzle-orm";

import { queryRows, type Queryable } from "../../db/database.ts";
import type { BackgroundQueue } from "../background-jobs.ts";
import { notifyPeople } from "../notifications/notify.ts";

/** The names a notice of an invitation carries: the job's title, its employer's and the worker's. */
async function invitationNames(tx: Queryable, p: { jobId: string; workerId: string }) {
  const [row] = await queryRows<{ job_title: string; employer_name: string; worker_name: string }>(
    tx,
    sql`select j.title as job_title, coalesce(nullif(e.company_name, ''), e.full_name) as employer_name,
               coalesce(w.full_name, '') as worker_name
        from jobs j join profiles e on e.id = j.employer_id left join profiles w on w.id = ${p.workerId}
        where j.id = ${p.jobId}::uuid`,
  );
  return row ?? null;
}

/**
 * The terms an invitation's notice carries, as a hire's does (docs/decisions/046): the first day the
 * worker is invited for, the start time and the rate.
 */
async function invitationTerms(tx: Queryable, p: { jobId: string; workerId: string }) {
  const [row] = await queryRows<{
    start_date: string;
    start_time: string | null;
    hourly_rate: number | null;
    currency: string;
  }>(
    tx,
    sql`select coalesce((select min(d)::text from unnest(i.days) d), j.start_date::text) as start_date,
               j.start_time::text as start_time, j.hourly_rate::float8 as hourly_rate, j.currency
        from jobs j left join job_invitations i on i.job_id = j.id and i.worker_id = ${p.workerId}
        where j.id = ${p.jobId}::uuid`,
  );
  if (!row) return {};
  return {
    startDate: row.start_date,
    startTime: row.start_time?.slice(0, 5) ?? null,
    hourlyRate: row.hourly_rate,
    currency: row.currency,
  };
}

/** To the worker, in the invitation's transaction: the owner invites them to the job. */
export async function invitationSent(
  tx: Queryable,
  queue: BackgroundQueue,
  p: { jobId: string; ownerId: string; workerId: string },
) {
  const names = await invitationNames(tx, p);
  if (!names) return;
  await notifyPeople(
    tx,
    queue,
    [p.workerId],
    {
      kind: "job_invitation",
      jobId: p.jobId,
      jobTitle: names.job_title,
      employerName: names.employer_name,
      ...(await invitationTerms(tx, p)),
    },
    // Sent again after a cancellation: the one notice is refreshed rather than doubled, and not mailed
    // again soon after (docs/decisions/055).
    { actorId: p.ownerId, dedupeKey: `invitation:${p.jobId}`, onRepeat: "refresh" },
  );
}

/** To the owner: the invited worker accepted (and is hired) or declined. */
export async function invitationAnswered(
  tx: Queryable,
  queue: BackgroundQueue,
  p: { jobId: string; ownerId: string; workerId: string; accepted: boolean },
) {
  const names = await invitationNames(tx, p);
  if (!names) return;
  await notifyPeople(
    tx,
    queue,
    [p.ownerId],
    {
      kind: p.accepted ? "invitation_accepted" : "invitation_declined",
      jobId: p.jobId,
      jobTitle: names.job_title,
      workerName: names.worker_name,
    },
    { actorId: p.workerId },
  );
}
