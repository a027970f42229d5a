import { and, eq } from "drizzle-orm";

import type { Database, Queryable } from "../../db/database.ts";
import { lockPeopleFirst } from "../../db/lock-order.ts";
import { reports } from "../../db/schema/index.ts";
import type { RateLimits } from "../../domain/limits.ts";
import { subjectKey, type ReportReason, type ReportSubject } from "../../domain/reports.ts";
import type { BackgroundQueue } from "../background-jobs.ts";
import { rememberAnswer, storedAnswer, type KeyedRequest } from "../idempotency/once-per-key.ts";
import { rateRefusal } from "../limits/rate-limit.ts";
import { inTransaction, refusal } from "../refusal.ts";
import { reportReceived } from "./notices.ts";
import { visibleSubject } from "./subject.ts";

export type CreateReportParams = {
  reporterId: string;
  subject: ReportSubject;
  reason: ReportReason;
  comment: string | null;
  now: Date;
  /** The submission's idempotency key: its answer is written with the report (docs/decisions/063). */
  keyed?: KeyedRequest | null;
};

/** What the reporter is answered: the report, and whether it was there already ("You already reported this"). */
export type ReportAnswer = { id: string; createdAt: Date; alreadyReported: boolean };

/** The reporter's open report of the item, if any. */
async function openReportOf(db: Queryable, reporterId: string, subject: ReportSubject) {
  const { subjectType, subjectId } = subjectKey(subject);
  const [row] = await db
    .select({ id: reports.id, createdAt: reports.createdAt })
    .from(reports)
    .where(
      and(
        eq(reports.reporterId, reporterId),
        eq(reports.subjectType, subjectType),
        eq(reports.subjectId, subjectId),
        eq(reports.status, "open"),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * A member reports an item they can see (docs/decisions/070): one that is not theirs to see reads like a
 * missing one, their own is refused. While their report of the item is open, a second answers the
 * first (counted against nothing); a new one counts against RATE_LIMITS.report and tells the reporter,
 * in the app, that it arrived, in the same transaction.
 */
export async function createReport(
  db: Database,
  { queue, rateLimits }: { queue: BackgroundQueue; rateLimits: RateLimits },
  p: CreateReportParams,
) {
  const seen = await visibleSubject(db, p.subject, p.reporterId);
  if (!seen) return refusal("not_found");
  if (seen.authorId === p.reporterId) return refusal("report_own_item");
  const before = await openReportOf(db, p.reporterId, p.subject);
  if (before) {
    // A resend of the submission that made it (racing the first, key not yet read): the first's answer.
    const first = p.keyed ? await storedAnswer<ReportAnswer>(db, p.keyed) : null;
    return first ?? { ...before, alreadyReported: true };
  }
  const tooMany = await rateRefusal(db, rateLimits, p.reporterId, "report");
  if (tooMany) return tooMany;
  return inTransaction(db, async (tx, refuse: (reason: "not_found") => never): Promise<ReportAnswer> => {
    // The author may be deleting their account right now: their row is locked first (decision 015).
    if (!(await lockPeopleFirst(tx, [p.reporterId, seen.authorId]))) return refuse("not_found");
    const [row] = await tx
      .insert(reports)
      .values({
        reporterId: p.reporterId,
        ...subjectKey(p.subject),
        subjectUserId: seen.authorId,
        reason: p.reason,
        comment: p.comment,
        createdAt: p.now,
      })
      .onConflictDoNothing()
      .returning({ id: reports.id, createdAt: reports.createdAt });
    let result: ReportAnswer;
    if (row) {
      result = { ...row, alreadyReported: false };
      await reportReceived(tx, queue, { reporterId: p.reporterId, authorId: seen.authorId, subject: p.subject, name: seen.name });
    } else {
      // A second tap that raced the first: the first one's report answers.
      const first = await openReportOf(tx, p.reporterId, p.subject);
      if (!first) throw new Error("report neither inserted nor found");
      result = { ...first, alreadyReported: true };
    }
    await rememberAnswer(tx, p.keyed ?? null, result);
    return result;
  });
}
