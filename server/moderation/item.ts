import { and, asc, count, desc, eq, isNull, sql, type Column } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";

import type { Queryable } from "../../db/database.ts";
import { user } from "../../db/schema/auth.ts";
import {
  appeals,
  chatMessages,
  conversations,
  jobHolds,
  jobs,
  moderationDecisions,
  profiles,
  ratings,
  ratingSummaries,
  reports,
} from "../../db/schema/index.ts";
import {
  actionFits,
  MODERATION_ACTIONS,
  type ModerationAction,
  type ModerationSubject,
} from "../../domain/moderation/decisions.ts";
import { subjectKey } from "../../domain/reports.ts";
import { reliabilityOf, type Reliability } from "../reliability/figures.ts";
import { activeSanction } from "./sanctions.ts";

const reporter = alias(profiles, "reporter");
const author = alias(profiles, "author");
const shownName = (p: { companyName: Column; fullName: Column }) =>
  sql<string>`coalesce(nullif(${p.companyName}, ''), ${p.fullName})`;

/** A decision's author, its earlier decisions and figures: what an operator weighs before deciding. */
export type AuthorHistory = {
  id: string;
  name: string;
  userType: string;
  accountCreatedAt: Date;
  reliability: Reliability;
  ratingCount: number;
  ratingAverage: number | null;
  reportsAbout: number;
  sanction: { kind: string; endsAt: Date | null } | null;
  decisions: {
    id: string;
    action: ModerationAction;
    ground: string;
    subjectType: string;
    decidedAt: Date;
    reversedAt: Date | null;
  }[];
};

/**
 * Everything the moderation queue's item page shows (docs/decisions/074): the content (a private
 * message's text only through `readReportedMessage`, which is audited), every report on it, the
 * decisions taken on it, the author's history, and the actions that fit. Null when the item is gone.
 */
export async function moderationItem(db: Queryable, subject: ModerationSubject, now: Date) {
  const content = await itemContent(db, subject);
  if (!content) return null;
  const { subjectType, subjectId } = subjectKey(subject);
  const itemReports = await db
    .select({
      id: reports.id,
      reason: reports.reason,
      comment: reports.comment,
      createdAt: reports.createdAt,
      status: reports.status,
      outcome: reports.outcome,
      reporterName: shownName(reporter),
    })
    .from(reports)
    .leftJoin(reporter, eq(reporter.id, reports.reporterId))
    .where(and(eq(reports.subjectType, subjectType), eq(reports.subjectId, subjectId)))
    .orderBy(asc(reports.createdAt))
    .limit(200);
  const decisions = await db
    .select({
      id: moderationDecisions.id,
      action: moderationDecisions.action,
      ground: moderationDecisions.ground,
      note: moderationDecisions.note,
      decidedAt: moderationDecisions.decidedAt,
      reversedAt: moderationDecisions.reversedAt,
      deciderName: shownName(author),
      appealOutcome: appeals.outcome,
    })
    .from(moderationDecisions)
    .leftJoin(author, eq(author.id, moderationDecisions.decidedBy))
    .leftJoin(appeals, eq(appeals.decisionId, moderationDecisions.id))
    .where(and(eq(moderationDecisions.subjectType, subjectType), eq(moderationDecisions.subjectId, subjectId)))
    .orderBy(desc(moderationDecisions.decidedAt));
  const history = content.authorId ? await authorHistory(db, content.authorId, now) : null;
  const actions = MODERATION_ACTIONS.filter(
    (a) =>
      actionFits(a, subject.type, content.held) &&
      (a !== "restore" || content.removed) &&
      (a !== "remove" || !content.removed) &&
      (a !== "dismiss" || itemReports.some((r) => r.status === "open")),
  );
  return { subject, content, reports: itemReports, decisions, author: history, actions };
}

/** The item's own fields by kind; a message without its text (read it through readReportedMessage). */
async function itemContent(db: Queryable, subject: ModerationSubject) {
  switch (subject.type) {
    case "job": {
      const [job] = await db
        .select({
          title: jobs.title,
          description: jobs.description,
          category: jobs.category,
          hourlyRate: jobs.hourlyRate,
          currency: jobs.currency,
          district: jobs.district,
          country: jobs.country,
          startDate: jobs.startDate,
          durationDays: jobs.durationDays,
          status: jobs.status,
          moderation: jobs.moderation,
          createdAt: jobs.createdAt,
          authorId: jobs.employerId,
          authorGone: author.deletedAt,
        })
        .from(jobs)
        .innerJoin(author, eq(author.id, jobs.employerId))
        .where(eq(jobs.id, subject.id));
      if (!job) return null;
      const [hold] = await db
        .select({ rules: jobHolds.rules, heldAt: jobHolds.heldAt })
        .from(jobHolds)
        .where(and(eq(jobHolds.jobId, subject.id), isNull(jobHolds.decidedAt)));
      const { authorGone, ...rest } = job;
      return {
        type: "job" as const,
        ...rest,
        authorId: authorGone ? null : job.authorId,
        hold: hold ?? null,
        held: job.moderation === "held",
        removed: job.moderation === "removed",
      };
    }
    case "profile": {
      const [person] = await db
        .select({ name: profiles.fullName, companyName: profiles.companyName, bio: profiles.bio, location: profiles.location })
        .from(profiles)
        .where(and(eq(profiles.id, subject.id), isNull(profiles.deletedAt)));
      return person ? { type: "profile" as const, ...person, authorId: subject.id, held: false, removed: false } : null;
    }
    case "message": {
      const [message] = await db
        .select({
          createdAt: chatMessages.createdAt,
          removedAt: chatMessages.removedAt,
          hasImage: sql<boolean>`${chatMessages.imagePath} is not null`,
          conversationKind: conversations.kind,
          jobTitle: jobs.title,
          authorId: chatMessages.senderId,
          authorGone: author.deletedAt,
        })
        .from(chatMessages)
        .innerJoin(conversations, eq(conversations.id, chatMessages.conversationId))
        .innerJoin(jobs, eq(jobs.id, conversations.jobId))
        .innerJoin(author, eq(author.id, chatMessages.senderId))
        .where(eq(chatMessages.id, subject.id));
      if (!message) return null;
      const { authorGone, removedAt, ...rest } = message;
      return {
        type: "message" as const,
        ...rest,
        authorId: authorGone ? null : message.authorId,
        held: false,
        removed: removedAt !== null,
      };
    }
    case "review": {
      const reviewed = alias(profiles, "reviewed");
      const [review] = await db
        .select({
          rating: ratings.rating,
          comment: ratings.comment,
          createdAt: ratings.createdAt,
          removedAt: ratings.removedAt,
          jobTitle: jobs.title,
          reviewedName: shownName(reviewed),
          authorId: ratings.fromUserId,
          authorGone: author.deletedAt,
        })
        .from(ratings)
        .innerJoin(jobs, eq(jobs.id, ratings.jobId))
        .innerJoin(reviewed, eq(reviewed.id, ratings.toUserId))
        .innerJoin(author, eq(author.id, ratings.fromUserId))
        .where(eq(ratings.id, subject.id));
      if (!review) return null;
      const { authorGone, removedAt, ...rest } = review;
      return {
        type: "review" as const,
        ...rest,
        authorId: authorGone ? null : review.authorId,
        held: false,
        removed: removedAt !== null,
      };
    }
  }
}

/** The author's account age, figures, standing and the last decisions about them. */
export async function authorHistory(db: Queryable, userId: string, now: Date): Promise<AuthorHistory | null> {
  const [person] = await db
    .select({
      id: profiles.id,
      name: shownName(profiles),
      userType: profiles.userType,
      accountCreatedAt: user.createdAt,
      ratingCount: ratingSummaries.ratingCount,
      ratingSum: ratingSummaries.ratingSum,
    })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .leftJoin(ratingSummaries, eq(ratingSummaries.userId, profiles.id))
    .where(and(eq(profiles.id, userId), isNull(profiles.deletedAt)));
  if (!person) return null;
  const [about] = await db.select({ n: count() }).from(reports).where(eq(reports.subjectUserId, userId));
  const decisions = await db
    .select({
      id: moderationDecisions.id,
      action: moderationDecisions.action,
      ground: moderationDecisions.ground,
      subjectType: moderationDecisions.subjectType,
      decidedAt: moderationDecisions.decidedAt,
      reversedAt: moderationDecisions.reversedAt,
    })
    .from(moderationDecisions)
    .where(eq(moderationDecisions.affectedUserId, userId))
    .orderBy(desc(moderationDecisions.decidedAt))
    .limit(20);
  const sanction = await activeSanction(db, userId, now);
  const ratingCount = person.ratingCount ?? 0;
  return {
    id: person.id,
    name: person.name,
    userType: person.userType,
    accountCreatedAt: person.accountCreatedAt,
    reliability: await reliabilityOf(db, userId),
    ratingCount,
    ratingAverage: ratingCount > 0 ? Math.round(((person.ratingSum ?? 0) / ratingCount) * 10) / 10 : null,
    reportsAbout: about?.n ?? 0,
    sanction: sanction ? { kind: sanction.kind, endsAt: sanction.endsAt } : null,
    decisions,
  };
}
