import { and, asc, count, desc, eq, gt, inArray, ne, sql, type AnyColumn, type SQL } from "drizzle-orm";

import { queryRows, type Queryable } from "../../db/database.ts";
import { jobApplications, jobOwnerViews, jobs } from "../../db/schema/index.ts";
import type { LanguageCode } from "../../domain/languages.ts";
import { LIMITS } from "../../domain/limits.ts";
import type { MyJobsTab, MyJobsView } from "../../domain/my-jobs-choices.ts";
import type { PageCursor } from "../../domain/page-cursor.ts";
import { PLANNED_HOURS_PER_DAY } from "../../domain/planned-cost.ts";
import type { ApplicationStatus, JobStatus } from "../../domain/statuses.ts";
import type { UserType } from "../../domain/user-types.ts";
import { statusAsWorkerSees } from "../applications/worker-view.ts";
import { afterCursor, cursorTimestamp, newestFirst, takeNewestPage } from "../pagination/keyset.ts";
import { cityNameOf } from "../places/city-name.ts";
import { jobCardFields } from "./job-projection.ts";

// /my-jobs cards also show the description, clamped to two lines.
const cardColumns = (language: LanguageCode) => ({
  ...jobCardFields,
  cityName: cityNameOf(jobs.cityId, language),
  description: jobs.description,
});

/**
 * The job statuses of each tab (domain/my-jobs-choices.ts); a worker's final rejection, and an
 * application they withdrew, are Past besides.
 */
const TAB_STATUSES: Record<MyJobsTab, JobStatus[]> = {
  upcoming: ["open"],
  in_progress: ["in_progress"],
  past: ["completed", "cancelled"],
};

/**
 * The jobs of a tab: an open job is in progress once its first shift has started, no button pressed
 * (docs/decisions/048, domain/job-clock.ts shownJobStatus), and Upcoming until then.
 */
function jobIn(tab: MyJobsTab): SQL {
  if (tab === "upcoming") return sql`(${jobs.status} = 'open' and ${jobs.startsAt} > now())`;
  if (tab === "in_progress")
    return sql`(${jobs.status} = 'in_progress' or (${jobs.status} = 'open' and ${jobs.startsAt} <= now()))`;
  return inArray(jobs.status, TAB_STATUSES.past);
}

/** Upcoming and In progress list the soonest start first; Past the latest first. */
const soonestFirst = (tab: MyJobsTab) => tab !== "past";

/** A posted job in `tab`. */
const postedIn = (tab: MyJobsTab): SQL => jobIn(tab);

/** An application in `tab`, by its job's status and the status its worker sees (`seen`). */
function appliedIn(tab: MyJobsTab, seen: SQL): SQL {
  const rejected = sql`${seen} in ('rejected', 'withdrawn')`;
  return tab === "past" ? sql`(${jobIn("past")} or ${rejected})` : sql`(${jobIn(tab)} and not ${rejected})`;
}

/**
 * How a list pages: without a tab newest first on (timestamp, id) as every list; with one by the
 * job's start date and id, the date carried in the cursor as that day's midnight UTC.
 */
function keyset(tab: MyJobsTab | undefined, newest: { at: AnyColumn; id: AnyColumn }) {
  if (!tab) {
    return {
      cursorAt: cursorTimestamp(newest.at),
      cursorId: sql<string>`${newest.id}`,
      after: (cursor: PageCursor) => afterCursor(newest.at, newest.id, cursor),
      order: newestFirst(newest.at, newest.id),
    };
  }
  const ascending = soonestFirst(tab);
  return {
    cursorAt: sql<string>`to_char(${jobs.startDate}, 'YYYY-MM-DD"T00:00:00.000000Z"')`,
    cursorId: sql<string>`${jobs.id}`,
    after: (cursor: PageCursor) => {
      const day = cursor.at.slice(0, 10);
      return ascending
        ? sql`(${jobs.startDate}, ${jobs.id}) > (${day}::date, ${cursor.id}::uuid)`
        : sql`(${jobs.startDate}, ${jobs.id}) < (${day}::date, ${cursor.id}::uuid)`;
    },
    order: ascending ? [asc(jobs.startDate), asc(jobs.id)] : [desc(jobs.startDate), desc(jobs.id)],
  };
}

type ListParams = {
  personId: string;
  tab: MyJobsTab | undefined;
  cursor: PageCursor | null | undefined;
  limit: number;
  language: LanguageCode;
  now: Date;
};

/**
 * A person's posted jobs with their applications counted in one pass per job (LATERAL over
 * job_applications_job_status_idx): all, pending, and new since the owner last opened the job's
 * applications page (job_owner_views). Tabs read jobs_employer_status_start_idx, all jobs
 * jobs_employer_created_idx.
 */
function postedJobs(db: Queryable, p: ListParams) {
  const applicants = db
    .select({
      total: sql<number>`count(*)`.mapWith(Number).as("applicants_total"),
      pending: sql<number>`count(*) filter (where ${jobApplications.status} = 'pending')`
        .mapWith(Number)
        .as("applicants_pending"),
      fresh: sql<number>`count(*) filter (
        where ${jobApplications.createdAt} > coalesce(${jobOwnerViews.applicationsSeenAt}, '-infinity'::timestamptz)
      )`
        .mapWith(Number)
        .as("applicants_new"),
    })
    .from(jobApplications)
    .where(eq(jobApplications.jobId, jobs.id))
    .as("applicants");
  const key = keyset(p.tab, { at: jobs.createdAt, id: jobs.id });
  return db
    .select({
      ...cardColumns(p.language),
      applicationStatus: sql<ApplicationStatus | null>`null`,
      myDays: sql<string[] | null>`null`,
      paySecured: sql<boolean | null>`null`,
      applicantsTotal: applicants.total,
      applicantsPending: applicants.pending,
      applicantsNew: applicants.fresh,
      cursorAt: key.cursorAt,
      cursorId: key.cursorId,
    })
    .from(jobs)
    .leftJoin(jobOwnerViews, eq(jobOwnerViews.jobId, jobs.id))
    .leftJoinLateral(applicants, sql`true`)
    .where(and(eq(jobs.employerId, p.personId), p.tab ? postedIn(p.tab) : undefined, p.cursor ? key.after(p.cursor) : undefined))
    .orderBy(...key.order)
    .limit(p.limit);
}

/**
 * Through Daywork, a hired worker's whole planned pay held (docs/decisions/079): what the ledger secured
 * for them on the job against rate × PLANNED_HOURS_PER_DAY × their days, in minor units (every job
 * currency has two digits, domain/minor-units.ts); null on any other card. One index read of the job's
 * ledger transactions (ledger_transactions_job_idx) per hired card.
 */
function paySecuredFor(workerId: string) {
  return sql<boolean | null>`case when ${jobs.payMode} = 'through_daywork' and ${jobApplications.status} = 'accepted'
      and ${jobs.hourlyRate} is not null then
    coalesce((select -sum(lp.amount_minor) from ledger_transactions lt
              join ledger_postings lp on lp.transaction_id = lt.id
              join ledger_parties lpa on lpa.id = lp.party_id
              where lt.job_id = ${jobs.id} and lp.account = 'hold_secured' and lpa.user_id = ${workerId}), 0)
      >= round(${jobs.hourlyRate} * 100)::bigint * ${sql.raw(String(PLANNED_HOURS_PER_DAY))}
         * coalesce(cardinality(${jobApplications.days}), ${jobs.durationDays})
    end`;
}

/**
 * The jobs a person applied to, with the application's status as the worker sees it; all of them latest
 * application first (job_applications_worker_created_idx), or one tab by start date (the person's
 * applications, few, read by the same index and sorted).
 */
function appliedJobs(db: Queryable, p: ListParams) {
  const seen = statusAsWorkerSees(p.now);
  const key = keyset(p.tab, { at: jobApplications.createdAt, id: jobApplications.id });
  return db
    .select({
      ...cardColumns(p.language),
      applicationStatus: sql<ApplicationStatus | null>`${seen}`,
      // The days the application is for, when some (docs/decisions/035): the card says the worker's own.
      myDays: jobApplications.days,
      paySecured: paySecuredFor(p.personId),
      applicantsTotal: sql<number | null>`null`,
      applicantsPending: sql<number | null>`null`,
      applicantsNew: sql<number | null>`null`,
      cursorAt: key.cursorAt,
      cursorId: key.cursorId,
    })
    .from(jobApplications)
    .innerJoin(jobs, eq(jobs.id, jobApplications.jobId))
    .where(
      and(
        eq(jobApplications.workerId, p.personId),
        // A job Daywork took down is gone for all but its owner; its applicants were told (docs/decisions/074).
        ne(jobs.moderation, "removed"),
        p.tab ? appliedIn(p.tab, seen) : undefined,
        p.cursor ? key.after(p.cursor) : undefined,
      ),
    )
    .orderBy(...key.order)
    .limit(p.limit);
}

/** A row of either list: the card, the application's status or the applicant counts, the cursor key. */
type ListRow = Awaited<ReturnType<typeof appliedJobs>>[number];

/**
 * The view a person lands on: their account type's (employers what they posted, workers what they
 * applied to), unless that one is empty and the other is not: a job someone posted is never out of
 * their sight because of the type they now have.
 */
async function defaultView(db: Queryable, person: { id: string; userType: UserType }): Promise<MyJobsView> {
  const preferred: MyJobsView = person.userType === "employer" ? "posted" : "applied";
  const [has] = await queryRows<{ posted: boolean; applied: boolean }>(
    db,
    sql`select exists (select 1 from ${jobs} where ${jobs.employerId} = ${person.id}) as posted,
               exists (select 1 from ${jobApplications} where ${jobApplications.workerId} = ${person.id}) as applied`,
  );
  if (!has || has[preferred]) return preferred;
  const other: MyJobsView = preferred === "posted" ? "applied" : "posted";
  return has[other] ? other : preferred;
}

/** What a /my-jobs card of a posted job says about its applications (null on an applied job). */
export type Applicants = { total: number; pending: number; new: number };

/**
 * /my-jobs and the profile's posted-jobs card: one page of the jobs a person posted (with applicant
 * counts) or applied to (with their application's status), all newest first or one tab by start date.
 */
export async function myJobs(
  db: Queryable,
  person: { id: string; userType: UserType },
  input: { view?: MyJobsView | undefined; tab?: MyJobsTab | undefined; cursor?: PageCursor | null | undefined },
  language: LanguageCode,
  now: Date = new Date(),
  pageSize: number = LIMITS.pageSize,
) {
  const view = input.view ?? (await defaultView(db, person));
  const params: ListParams = { personId: person.id, tab: input.tab, cursor: input.cursor, limit: pageSize + 1, language, now };
  const fetched: ListRow[] = view === "posted" ? await postedJobs(db, params) : await appliedJobs(db, params);
  const page = takeNewestPage(fetched, pageSize);
  const items = page.items.map(({ applicantsTotal, applicantsPending, applicantsNew, ...job }) => ({
    ...job,
    applicants:
      view === "posted"
        ? ({ total: applicantsTotal ?? 0, pending: applicantsPending ?? 0, new: applicantsNew ?? 0 } satisfies Applicants)
        : null,
  }));
  return { view, tab: input.tab ?? null, items, nextCursor: page.nextCursor };
}
export type MyJobsPage = Awaited<ReturnType<typeof myJobs>>;
export type MyJobItem = MyJobsPage["items"][number];

type TabCounts = Record<MyJobsTab, number>;

/**
 * The counts /my-jobs shows on its switches and tabs, as SQL aggregates: the person's posted jobs and
 * applications per tab, and the applications to their jobs the owner has not seen yet.
 */
export async function myJobsSummary(
  db: Queryable,
  personId: string,
  now: Date = new Date(),
): Promise<{ posted: TabCounts; applied: TabCounts; newApplications: number }> {
  const perTab = (inTab: (tab: MyJobsTab) => SQL) => ({
    upcoming: sql<number>`count(*) filter (where ${inTab("upcoming")})`.mapWith(Number),
    in_progress: sql<number>`count(*) filter (where ${inTab("in_progress")})`.mapWith(Number),
    past: sql<number>`count(*) filter (where ${inTab("past")})`.mapWith(Number),
  });
  const seen = statusAsWorkerSees(now);
  const [posted] = await db.select(perTab(postedIn)).from(jobs).where(eq(jobs.employerId, personId));
  const [applied] = await db
    .select(perTab((tab) => appliedIn(tab, seen)))
    .from(jobApplications)
    .innerJoin(jobs, eq(jobs.id, jobApplications.jobId))
    .where(eq(jobApplications.workerId, personId));
  const [fresh] = await db
    .select({ n: count() })
    .from(jobApplications)
    .innerJoin(jobs, eq(jobs.id, jobApplications.jobId))
    .leftJoin(jobOwnerViews, eq(jobOwnerViews.jobId, jobs.id))
    .where(
      and(
        eq(jobs.employerId, personId),
        gt(jobApplications.createdAt, sql`coalesce(${jobOwnerViews.applicationsSeenAt}, '-infinity'::timestamptz)`),
      ),
    );
  const zero: TabCounts = { upcoming: 0, in_progress: 0, past: 0 };
  return {
    posted: posted ?? zero,
    applied: applied ?? zero,
    newApplications: fresh?.n ?? 0,
  };
}

/**
 * The owner opened the job's applications page: what has arrived so far is no longer new. Never moves
 * back; null when the job is not the caller's (or does not exist), the same answer.
 */
export async function markApplicationsSeen(
  db: Queryable,
  params: { ownerId: string; jobId: string; now: Date },
): Promise<{ seenAt: Date } | null> {
  const rows = await queryRows<{ job_id: string }>(
    db,
    sql`insert into ${jobOwnerViews} (job_id, applications_seen_at)
        select ${jobs.id}, ${params.now.toISOString()}::timestamptz from ${jobs}
        where ${jobs.id} = ${params.jobId} and ${jobs.employerId} = ${params.ownerId}
        on conflict (job_id) do update
          set applications_seen_at = greatest(${jobOwnerViews.applicationsSeenAt}, excluded.applications_seen_at)
        returning job_id`,
  );
  return rows.length > 0 ? { seenAt: params.now } : null;
}
