import type { Queryable } from "../../db/database.ts";
import type { ReportOutcome, ReportSubject } from "../../domain/reports.ts";
import type { BackgroundQueue } from "../background-jobs.ts";
import { notifyPeople } from "../notifications/notify.ts";

/**
 * To the reporter, in the report's transaction and in the app only: their report arrived. It names the
 * item's author or title, so it goes when the author deletes their account (the actor).
 */
export async function reportReceived(
  tx: Queryable,
  queue: BackgroundQueue,
  p: { reporterId: string; authorId: string; subject: ReportSubject; name: string | null },
) {
  await notifyPeople(
    tx,
    queue,
    [p.reporterId],
    { kind: "report_received", subjectType: p.subject.type, subjectName: p.name },
    { actorId: p.authorId, inAppOnly: true },
  );
}

/** To each reporter of an item: what was decided about it, delivered as any notice (mail, push). */
export async function reportClosed(
  tx: Queryable,
  queue: BackgroundQueue,
  p: { reporterIds: string[]; authorId: string | null; subject: ReportSubject; name: string | null; outcome: ReportOutcome },
) {
  await notifyPeople(
    tx,
    queue,
    p.reporterIds,
    { kind: "report_closed", subjectType: p.subject.type, subjectName: p.name, outcome: p.outcome },
    { actorId: p.authorId },
  );
}
