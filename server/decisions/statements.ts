import { and, eq, ne, sql } from "drizzle-orm";

import type { Queryable } from "../../db/database.ts";
import { accountSanctions, appeals, chatMessages, jobs, moderationDecisions, ratings } from "../../db/schema/index.ts";
import { LIMITS } from "../../domain/limits.ts";
import type { DecisionSubjectType } from "../../domain/moderation/decisions.ts";
import type { PageCursor } from "../../domain/page-cursor.ts";
import { afterCursor, cursorTimestamp, newestFirst, takeNewestPage } from "../pagination/keyset.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A decided job's title: subject ids are text, a job's is a uuid (cast only on the job's rows). */
const jobTitle = sql<string | null>`(select ${jobs.title} from ${jobs} where ${jobs.id} =
  case when ${moderationDecisions.subjectType} = 'job' then ${moderationDecisions.subjectId}::uuid end)`;

/**
 * The decisions a person reads about themselves: any but a dismissal, which took nothing from them and
 * would only tell them they were reported.
 */
function aboutPerson(userId: string) {
  return and(eq(moderationDecisions.affectedUserId, userId), ne(moderationDecisions.action, "dismiss"));
}

/** Appealable now: an appeal window still open, no appeal yet, not reversed. */
export function canAppeal(
  d: { appealBy: Date | null; reversedAt: Date | null },
  appeal: { createdAt: Date } | null,
  now: Date,
): boolean {
  return d.appealBy !== null && now < d.appealBy && appeal === null && d.reversedAt === null;
}

/**
 * The decisions about the caller's items or account, newest first, a page at a time (docs/decisions/074):
 * what, on which ground, whether it can still be appealed and how an appeal stands. Only the affected
 * person's: their id is the filter. Never who decided.
 */
export async function myDecisions(db: Queryable, p: { userId: string; now: Date; cursor?: PageCursor | null; limit?: number }) {
  const limit = p.limit ?? LIMITS.pageSize;
  const rows = await db
    .select({
      id: moderationDecisions.id,
      action: moderationDecisions.action,
      ground: moderationDecisions.ground,
      subjectType: moderationDecisions.subjectType,
      subjectName: jobTitle,
      decidedAt: moderationDecisions.decidedAt,
      appealBy: moderationDecisions.appealBy,
      reversedAt: moderationDecisions.reversedAt,
      appealedAt: appeals.createdAt,
      appealOutcome: appeals.outcome,
      cursorAt: cursorTimestamp(moderationDecisions.decidedAt),
      cursorId: moderationDecisions.id,
    })
    .from(moderationDecisions)
    .leftJoin(appeals, eq(appeals.decisionId, moderationDecisions.id))
    .where(
      and(
        aboutPerson(p.userId),
        p.cursor ? afterCursor(moderationDecisions.decidedAt, moderationDecisions.id, p.cursor) : undefined,
      ),
    )
    .orderBy(...newestFirst(moderationDecisions.decidedAt, moderationDecisions.id))
    .limit(limit + 1);
  const page = takeNewestPage(rows, limit);
  return {
    nextCursor: page.nextCursor,
    items: page.items.map(({ appealedAt, appealOutcome, ...row }) => ({
      ...row,
      subjectType: row.subjectType as DecisionSubjectType,
      appeal: appealedAt === null ? null : { createdAt: appealedAt, outcome: appealOutcome },
      canAppeal: canAppeal(row, appealedAt === null ? null : { createdAt: appealedAt }, p.now),
    })),
  };
}

/** What a decision was about, as its author may still read it: a job's title, their message or review as it was. */
export type DecidedItem = { title: string | null; text: string | null; stars: number | null; removed: boolean };

/**
 * The decided item as its author sees it. A removed message or review is hidden from everyone else, but
 * its author may read what they wrote; the author's id is in the filter, so nobody reads another's.
 */
async function decidedItem(
  db: Queryable,
  subject: { type: DecisionSubjectType; id: string },
  authorId: string,
): Promise<DecidedItem | null> {
  switch (subject.type) {
    case "job": {
      if (!UUID.test(subject.id)) return null;
      const [row] = await db
        .select({ title: jobs.title, moderation: jobs.moderation })
        .from(jobs)
        .where(and(eq(jobs.id, subject.id), eq(jobs.employerId, authorId)));
      return row ? { title: row.title, text: null, stars: null, removed: row.moderation === "removed" } : null;
    }
    case "message": {
      // A message's id is a safe integer; anything else names no message.
      if (!/^[1-9]\d*$/.test(subject.id) || !Number.isSafeInteger(Number(subject.id))) return null;
      const [row] = await db
        .select({ text: chatMessages.content, removedAt: chatMessages.removedAt })
        .from(chatMessages)
        .where(and(eq(chatMessages.id, Number(subject.id)), eq(chatMessages.senderId, authorId)));
      return row ? { title: null, text: row.text, stars: null, removed: row.removedAt !== null } : null;
    }
    case "review": {
      if (!UUID.test(subject.id)) return null;
      const [row] = await db
        .select({ text: ratings.comment, stars: ratings.rating, removedAt: ratings.removedAt })
        .from(ratings)
        .where(and(eq(ratings.id, subject.id), eq(ratings.fromUserId, authorId)));
      return row ? { title: null, text: row.text, stars: row.stars, removed: row.removedAt !== null } : null;
    }
    case "profile":
      return null;
  }
}

/**
 * One statement of reasons (docs/decisions/074), only for the person the decision affects (anyone else:
 * null, which reads as not found): what was decided on which item, the ground and the operator's note,
 * the sanction's end, the appeal and its answer, and whether it can be appealed now. Never who decided.
 */
export async function decisionStatement(db: Queryable, p: { userId: string; decisionId: string; now: Date }) {
  const [row] = await db
    .select({
      id: moderationDecisions.id,
      action: moderationDecisions.action,
      ground: moderationDecisions.ground,
      note: moderationDecisions.note,
      subjectType: moderationDecisions.subjectType,
      subjectId: moderationDecisions.subjectId,
      decidedAt: moderationDecisions.decidedAt,
      appealBy: moderationDecisions.appealBy,
      reversedAt: moderationDecisions.reversedAt,
      sanctionKind: accountSanctions.kind,
      sanctionEndsAt: accountSanctions.endsAt,
      sanctionLiftedAt: accountSanctions.liftedAt,
      appealText: appeals.text,
      appealCreatedAt: appeals.createdAt,
      appealOutcome: appeals.outcome,
      appealAnswer: appeals.answer,
      appealAnsweredAt: appeals.answeredAt,
    })
    .from(moderationDecisions)
    .leftJoin(accountSanctions, eq(accountSanctions.id, moderationDecisions.sanctionId))
    .leftJoin(appeals, eq(appeals.decisionId, moderationDecisions.id))
    .where(and(eq(moderationDecisions.id, p.decisionId), aboutPerson(p.userId)));
  if (!row) return null;
  const subjectType = row.subjectType as DecisionSubjectType;
  const appeal =
    row.appealText === null || row.appealCreatedAt === null
      ? null
      : {
          text: row.appealText,
          createdAt: row.appealCreatedAt,
          outcome: row.appealOutcome,
          answer: row.appealAnswer,
          answeredAt: row.appealAnsweredAt,
        };
  const sanction =
    row.sanctionKind === null
      ? null
      : {
          kind: row.sanctionKind,
          endsAt: row.sanctionEndsAt,
          // Lifted, or its days are over: the account works as before.
          over: row.sanctionLiftedAt !== null || (row.sanctionEndsAt !== null && row.sanctionEndsAt.getTime() <= p.now.getTime()),
        };
  return {
    id: row.id,
    action: row.action,
    ground: row.ground,
    note: row.note,
    subjectType,
    item: await decidedItem(db, { type: subjectType, id: row.subjectId }, p.userId),
    decidedAt: row.decidedAt,
    appealBy: row.appealBy,
    reversedAt: row.reversedAt,
    sanction,
    appeal,
    canAppeal: canAppeal(row, appeal, p.now),
  };
}
