import { and, eq } from "drizzle-orm";

import type { Database, Queryable } from "../../db/database.ts";
import { reports } from "../../db/schema/index.ts";
import { subjectKey, type ReportOutcome, type ReportSubject } from "../../domain/reports.ts";
import type { BackgroundQueue } from "../background-jobs.ts";
import { reportClosed } from "./notices.ts";
import { subjectName } from "./subject.ts";

/**
 * Closes every open report of an item with the operators' outcome (docs/decisions/070) and tells each
 * reporter, in their language, in the same transaction. Answers how many reports it closed (none when
 * the item had no open report: closing twice tells nobody twice). Operators' procedures call it behind
 * their own builder and audit row.
 */
export async function closeReports(
  db: Database,
  queue: BackgroundQueue,
  subject: ReportSubject,
  outcome: ReportOutcome,
  now: Date = new Date(),
): Promise<{ closed: number }> {
  return db.transaction((tx) => closeReportsIn(tx, queue, subject, outcome, now));
}

/** The same in the caller's transaction (an operator's decision, server/moderation/decide.ts). */
export async function closeReportsIn(
  tx: Queryable,
  queue: BackgroundQueue,
  subject: ReportSubject,
  outcome: ReportOutcome,
  now: Date,
): Promise<{ closed: number }> {
  const { subjectType, subjectId } = subjectKey(subject);
  const closed = await tx
    .update(reports)
    .set({ status: "closed", closedAt: now, outcome })
    .where(and(eq(reports.subjectType, subjectType), eq(reports.subjectId, subjectId), eq(reports.status, "open")))
    .returning({ reporterId: reports.reporterId, authorId: reports.subjectUserId });
  const reporterIds = closed.flatMap((r) => (r.reporterId ? [r.reporterId] : []));
  if (reporterIds.length > 0) {
    const authorId = closed.find((r) => r.authorId)?.authorId ?? null;
    await reportClosed(tx, queue, { reporterIds, authorId, subject, name: await subjectName(tx, subject), outcome });
  }
  return { closed: closed.length };
}
