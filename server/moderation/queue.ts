import { and, asc, count, eq, inArray, isNull, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";

import type { Queryable } from "../../db/database.ts";
import { appeals, jobHolds, jobs, profiles, reports } from "../../db/schema/index.ts";
import type { QueueKind } from "../../domain/moderation/queue.ts";

/** The queue shows this many items, oldest first: moderators work it from the top (docs/decisions/074). */
export const QUEUE_PAGE = 100;

/** One item waiting for an operator: reports on an item, a held job, or an appeal. */
export type QueueItem = {
  kind: QueueKind;
  subjectType: string;
  subjectId: string;
  waitingSince: Date;
  /** Open reports on the item (0 for a hold or an appeal). */
  reportCount: number;
  /** The reports' reasons, or a held job's rules; an appeal's kind. */
  tags: string[];
  appealId: string | null;
  /** The item's author, a held job's owner, or the appellant; null once their account is gone. */
  personName: string | null;
  /** A job's title, for items about a job. */
  jobTitle: string | null;
};

const waiting = (column: typeof reports.createdAt | typeof jobHolds.heldAt | typeof appeals.createdAt, fn: "min" | "") =>
  (fn ? sql<Date>`min(${column})` : sql<Date>`${column}`).mapWith(reports.createdAt).as("waiting_since");

/**
 * What waits for an operator, oldest first, with the total (docs/decisions/074): an item's open reports
 * as one entry (reports_open_oldest_idx), held jobs (job_holds_waiting_idx) and open appeals
 * (appeals_open_idx). A held job's reports wait with its hold, not as a second entry.
 */
export async function moderationQueue(
  db: Queryable,
  p: { kind?: QueueKind | null },
): Promise<{ items: QueueItem[]; total: number }> {
  // Builders are mutable: the page and the count each get their own.
  const [counted] = await db.select({ n: count() }).from(waitingItems(db, p.kind).as("waiting"));
  const rows = await waitingItems(db, p.kind)
    .orderBy(asc(sql`waiting_since`), asc(sql`subject_id`))
    .limit(QUEUE_PAGE);
  const names = await namesOf(
    db,
    rows.flatMap((r) => (r.personId ? [r.personId] : [])),
  );
  const titles = await titlesOf(
    db,
    rows.flatMap((r) => (r.subjectType === "job" ? [r.subjectId] : [])),
  );
  return {
    total: counted?.n ?? 0,
    items: rows.map(({ personId, ...row }) => ({
      ...row,
      personName: personId ? (names.get(personId) ?? null) : null,
      jobTitle: row.subjectType === "job" ? (titles.get(row.subjectId) ?? null) : null,
    })),
  };
}

/** The waiting items of `kind` (all kinds when null) as one select, unordered. */
function waitingItems(db: Queryable, kind: QueueKind | null | undefined) {
  const heldJob = sql`exists (select 1 from ${jobHolds} where ${jobHolds.jobId}::text = ${reports.subjectId} and ${jobHolds.decidedAt} is null)`;
  const reportItems = db
    .select({
      kind: sql<QueueKind>`'report'`.as("kind"),
      subjectType: reports.subjectType,
      subjectId: sql<string>`${reports.subjectId}`.as("subject_id"),
      waitingSince: waiting(reports.createdAt, "min"),
      reportCount: sql<number>`count(*)::int`.as("report_count"),
      tags: sql<string[]>`array_agg(distinct ${reports.reason})`.as("tags"),
      appealId: sql<string | null>`null::uuid`.as("appeal_id"),
      personId: sql<string | null>`max(${reports.subjectUserId})`.as("person_id"),
    })
    .from(reports)
    .where(and(eq(reports.status, "open"), sql`not (${reports.subjectType} = 'job' and ${heldJob})`))
    .groupBy(reports.subjectType, reports.subjectId);
  const holdItems = db
    .select({
      kind: sql<QueueKind>`'hold'`.as("kind"),
      subjectType: sql<string>`'job'`.as("subject_type"),
      subjectId: sql<string>`${jobHolds.jobId}::text`.as("subject_id"),
      waitingSince: waiting(jobHolds.heldAt, ""),
      reportCount:
        sql<number>`(select count(*)::int from ${reports} where ${reports.subjectType} = 'job' and ${reports.subjectId} = ${jobHolds.jobId}::text and ${reports.status} = 'open')`.as(
          "report_count",
        ),
      tags: sql<string[]>`${jobHolds.rules}`.as("tags"),
      appealId: sql<string | null>`null::uuid`.as("appeal_id"),
      personId: sql<string | null>`${jobs.employerId}`.as("person_id"),
    })
    .from(jobHolds)
    .innerJoin(jobs, eq(jobs.id, jobHolds.jobId))
    .where(isNull(jobHolds.decidedAt));
  const appealItems = db
    .select({
      kind: sql<QueueKind>`'appeal'`.as("kind"),
      subjectType: sql<string>`${appeals.kind}`.as("subject_type"),
      subjectId: sql<string>`${appeals.id}::text`.as("subject_id"),
      waitingSince: waiting(appeals.createdAt, ""),
      reportCount: sql<number>`0`.as("report_count"),
      tags: sql<string[]>`array[${appeals.kind}]`.as("tags"),
      appealId: sql<string | null>`${appeals.id}`.as("appeal_id"),
      personId: sql<string | null>`${appeals.appellantId}`.as("person_id"),
    })
    .from(appeals)
    .where(isNull(appeals.outcome));

  if (kind === "report") return reportItems;
  if (kind === "hold") return holdItems;
  if (kind === "appeal") return appealItems;
  return unionAll(reportItems, holdItems, appealItems);
}

async function namesOf(db: Queryable, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: profiles.id, name: sql<string>`coalesce(nullif(${profiles.companyName}, ''), ${profiles.fullName})` })
    .from(profiles)
    .where(and(inArray(profiles.id, [...new Set(ids)]), isNull(profiles.deletedAt)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

async function titlesOf(db: Queryable, ids: string[]): Promise<Map<string, string>> {
  const uuids = [...new Set(ids)].filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  if (uuids.length === 0) return new Map();
  const rows = await db.select({ id: jobs.id, title: jobs.title }).from(jobs).where(inArray(jobs.id, uuids));
  return new Map(rows.map((r) => [r.id, r.title]));
}
