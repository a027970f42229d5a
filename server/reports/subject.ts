import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";

import type { Queryable } from "../../db/database.ts";
import { chatMessages, conversationParticipants, jobs, profiles, ratings } from "../../db/schema/index.ts";
import type { ReportSubject } from "../../domain/reports.ts";
import { profileVisibleTo } from "../profiles/visibility.ts";

/** A reportable item as its reporter sees it: who wrote it, and the name its notices carry. */
export type SubjectSeen = { authorId: string; name: string | null };

const author = alias(profiles, "author");
const reviewed = alias(profiles, "reviewed");

/** The name a person goes by on their items: the company's for an employer that has one. */
const shownName = sql<string>`coalesce(nullif(${author.companyName}, ''), ${author.fullName})`;

/**
 * The item as `viewerId` may see it, else null, so nobody reports what they cannot see (docs/decisions/070);
 * a stand-in's or removed item is null too (docs/decisions/050, 074).
 */
export async function visibleSubject(db: Queryable, subject: ReportSubject, viewerId: string): Promise<SubjectSeen | null> {
  const alive = isNull(author.deletedAt);
  switch (subject.type) {
    case "job": {
      const [row] = await db
        .select({ authorId: author.id, name: jobs.title })
        .from(jobs)
        .innerJoin(author, eq(author.id, jobs.employerId))
        .where(and(eq(jobs.id, subject.id), alive, ne(jobs.moderation, "removed")))
        .limit(1);
      return row ?? null;
    }
    case "profile": {
      const [row] = await db
        .select({ authorId: profiles.id, name: sql<string>`coalesce(nullif(${profiles.companyName}, ''), ${profiles.fullName})` })
        .from(profiles)
        .where(and(eq(profiles.id, subject.id), isNull(profiles.deletedAt), profileVisibleTo(viewerId)))
        .limit(1);
      return row ?? null;
    }
    case "message": {
      const [row] = await db
        .select({ authorId: author.id, name: shownName })
        .from(chatMessages)
        .innerJoin(
          conversationParticipants,
          and(
            eq(conversationParticipants.conversationId, chatMessages.conversationId),
            eq(conversationParticipants.userId, viewerId),
          ),
        )
        .innerJoin(author, eq(author.id, chatMessages.senderId))
        .where(and(eq(chatMessages.id, subject.id), alive, isNull(chatMessages.removedAt)))
        .limit(1);
      return row ?? null;
    }
    case "review": {
      const [row] = await db
        .select({ authorId: author.id, name: shownName, authorVisible: author.privacyProfileVisible })
        .from(ratings)
        .innerJoin(reviewed, eq(reviewed.id, ratings.toUserId))
        .innerJoin(author, eq(author.id, ratings.fromUserId))
        .where(
          and(
            eq(ratings.id, subject.id),
            alive,
            isNull(ratings.removedAt),
            sql`(${reviewed.privacyProfileVisible} or ${reviewed.id} = ${viewerId})`,
          ),
        )
        .limit(1);
      // A reviewer who hid their profile is "a Daywork member" to the reader (server/ratings/user-reviews.ts).
      return row ? { authorId: row.authorId, name: row.authorVisible || row.authorId === viewerId ? row.name : null } : null;
    }
  }
}

/**
 * The item's name for the notice of a decision (docs/decisions/070), as any reporter may read it: a
 * job's title, a person's name unless they hid their profile (then null, "a Daywork member"); null
 * when the item is gone.
 */
export async function subjectName(db: Queryable, subject: ReportSubject): Promise<string | null> {
  const alive = isNull(author.deletedAt);
  const open = eq(author.privacyProfileVisible, true);
  switch (subject.type) {
    case "job": {
      const [row] = await db.select({ name: jobs.title }).from(jobs).where(eq(jobs.id, subject.id)).limit(1);
      return row?.name ?? null;
    }
    case "profile": {
      const [row] = await db
        .select({ name: shownName })
        .from(author)
        .where(and(eq(author.id, subject.id), alive, open))
        .limit(1);
      return row?.name ?? null;
    }
    case "message": {
      const [row] = await db
        .select({ name: shownName })
        .from(chatMessages)
        .innerJoin(author, eq(author.id, chatMessages.senderId))
        .where(and(eq(chatMessages.id, subject.id), alive, open))
        .limit(1);
      return row?.name ?? null;
    }
    case "review": {
      const [row] = await db
        .select({ name: shownName })
        .from(ratings)
        .innerJoin(author, eq(author.id, ratings.fromUserId))
        .where(and(eq(ratings.id, subject.id), alive, open))
        .limit(1);
      return row?.name ?? null;
    }
  }
}
