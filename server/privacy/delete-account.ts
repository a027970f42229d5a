import { and, eq, inArray, isNotNull, ne, or, sql } from "drizzle-orm";

import type { Database } from "../../db/database.ts";
import { account, session, user, verification } from "../../db/schema/auth.ts";
import {
  certificates,
  chatMessages,
  consentHistory,
  conversationParticipants,
  conversations,
  dataProcessingLogs,
  fileDeletions,
  idempotentRequests,
  jobApplications,
  jobHolds,
  jobInvitations,
  jobOwnerViews,
  jobs,
  notifications,
  payoutMethods,
  payoutProfiles,
  personBlocks,
  profiles,
  reports,
  userInterests,
} from "../../db/schema/index.ts";
import { chatImagePrefix } from "../../domain/chat.ts";
import type { BackgroundQueue } from "../background-jobs.ts";
import { anonymiseParty } from "../money/ledger/parties.ts";
import { pseudonymiseModerationRecords } from "../operators/audit.ts";
import { enqueueFileDeletions } from "../storage/file-deletions.ts";
import { forgetExpiredStanding, keptRecords, moveToStandIn } from "./stand-in.ts";
import type { StandingKey } from "./standing-key.ts";

/**
 * Deletes an account in one transaction: what the other side needs (begun hires, reviews, strikes) moves to an
 * anonymous stand-in, everything else about the person goes (docs/decisions/002, 050). Files are queued in
 * file_deletions and removed after commit, since they cannot take part in a transaction.
 */
export async function deleteAccount(
  db: Database,
  queue: BackgroundQueue,
  userId: string,
  now: Date,
  key: StandingKey,
): Promise<{ fileDeletionIds: number[]; keptRecords: boolean } | null> {
  return db.transaction(async (tx) => {
    // Locks the person: inserts that reference them (messages, applications, uploads) wait for this
    // transaction and then fail, so nothing new slips in between collecting and deleting.
    const [person] = await tx.select({ id: user.id, email: user.email }).from(user).where(eq(user.id, userId)).for("update");
    if (!person) return null;
    const [profile] = await tx
      .select({ phone: profiles.phone, userType: profiles.userType })
      .from(profiles)
      .where(eq(profiles.id, userId))
      .for("update");

    await tx.insert(dataProcessingLogs).values({
      userId,
      action: "delete",
      description: "Account deletion requested by the person",
      createdAt: now,
    });

    // Conversations that go whole: those of the person's jobs and the person's direct conversations.
    // Locked, so no message (and image) is added to them before they are gone.
    const mine = tx
      .select({ id: conversationParticipants.conversationId })
      .from(conversationParticipants)
      .where(eq(conversationParticipants.userId, userId));
    const ownJobs = tx.select({ id: jobs.id }).from(jobs).where(eq(jobs.employerId, userId));
    const doomed = await tx
      .select({ id: conversations.id })
      .from(conversations)
      .where(
        or(
          inArray(conversations.jobId, ownJobs),
          and(
            eq(conversations.kind, "direct"),
            or(inArray(conversations.id, mine), sql`strpos(${conversations.directKey}, ${userId}) > 0`),
          ),
        ),
      )
      .for("update");
    const doomedIds = doomed.map((c) => c.id);

    const images = await tx
      .select({ path: chatMessages.imagePath })
      .from(chatMessages)
      .where(
        and(
          isNotNull(chatMessages.imagePath),
          doomedIds.length
            ? or(eq(chatMessages.senderId, userId), inArray(chatMessages.conversationId, doomedIds))
            : eq(chatMessages.senderId, userId),
        ),
      );
    const files = await tx.select({ path: certificates.filePath }).from(certificates).where(eq(certificates.userId, userId));
    const paths = [...files.map((f) => f.path), ...images.flatMap((m) => (m.path ? [m.path] : []))];
    const queued = await enqueueFileDeletions(tx, queue, paths, now);
    // Uploads of the person still waiting in the queue (a chat image never sent) become due now.
    const waiting = await tx
      .update(fileDeletions)
      .set({ nextAttemptAt: now })
      .where(
        or(
          sql`starts_with(${fileDeletions.path}, ${chatImagePrefix(userId)})`,
          sql`starts_with(${fileDeletions.path}, ${`certificates/${userId}/`})`,
        ),
      )
      .returning({ id: fileDeletions.id });
    const fileDeletionIds = [...new Set([...queued, ...waiting.map((w) => w.id)])];
    if (waiting.length > 0) await queue.send(tx, "file-deletions", {});

    // What the other side keeps moves to a stand-in first; what is left of the person goes below.
    const kept = await keptRecords(tx, userId, now);
    if (kept.any && profile) {
      await moveToStandIn(
        tx,
        { id: userId, email: person.email, phone: profile.phone, userType: profile.userType },
        kept,
        key,
        now,
      );
      if (kept.jobIds.length) {
        await tx.delete(jobOwnerViews).where(inArray(jobOwnerViews.jobId, kept.jobIds));
        await tx.delete(jobInvitations).where(inArray(jobInvitations.jobId, kept.jobIds));
      }
    }
    await forgetExpiredStanding(tx, now);
    await pseudonymiseModerationRecords(tx, userId);

    // Give back the places the person held for work not yet begun on other people's jobs.
    await tx
      .update(jobs)
      .set({ acceptedCount: sql`greatest(${jobs.acceptedCount} - 1, 0)`, updatedAt: now })
      .where(
        and(
          ne(jobs.employerId, userId),
          inArray(
            jobs.id,
            tx
              .select({ id: jobApplications.jobId })
              .from(jobApplications)
              .where(and(eq(jobApplications.workerId, userId), eq(jobApplications.status, "accepted"))),
          ),
        ),
      );

    // Explicit, in dependency order; the cascades from user → profiles would reach the same rows, but
    // spelling them out keeps this readable and makes a missing cascade fail loudly instead of silently.
    // Reports stay for moderation (docs/decisions/070): the person's own lose their reporter; those
    // about their items close, and lose the item and its author, which go with the account.
    await tx.update(reports).set({ reporterId: null }).where(eq(reports.reporterId, userId));
    await tx
      .update(reports)
      .set({
        subjectId: null,
        subjectUserId: null,
        status: "closed",
        closedAt: sql`coalesce(${reports.closedAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(eq(reports.subjectUserId, userId));
    if (doomedIds.length) await tx.delete(conversations).where(inArray(conversations.id, doomedIds));
    await tx.delete(chatMessages).where(eq(chatMessages.senderId, userId));
    await tx.delete(conversationParticipants).where(eq(conversationParticipants.userId, userId));
    await tx.delete(notifications).where(or(eq(notifications.userId, userId), eq(notifications.actorId, userId)));
    await tx.delete(certificates).where(eq(certificates.userId, userId));
    await tx.delete(userInterests).where(eq(userInterests.userId, userId));
    // Blocks on either side (docs/decisions/068): the person's own, and others' of the person.
    await tx.delete(personBlocks).where(or(eq(personBlocks.blockerId, userId), eq(personBlocks.blockedId, userId)));
    await tx.delete(jobApplications).where(eq(jobApplications.workerId, userId));
    await tx.delete(jobs).where(eq(jobs.employerId, userId));
    // Their jobs' words leave the spelling dictionary with the jobs: triggers keep it (docs/decisions/051).
    await tx.delete(consentHistory).where(eq(consentHistory.userId, userId));
    await tx.delete(dataProcessingLogs).where(eq(dataProcessingLogs.userId, userId));
    await tx.delete(profiles).where(eq(profiles.id, userId));
    // better-auth: sessions end here; verification rows (password reset) carry the id or the e-mail.
    await tx.delete(session).where(eq(session.userId, userId));
    await tx.delete(account).where(eq(account.userId, userId));
    await tx.delete(verification).where(or(eq(verification.value, userId), eq(verification.identifier, person.email)));
    // Keyed creates' answers (docs/decisions/063): the person's own, and other people's that name them
    // (a review of them, an invitation). Answers are kept a day only, so reading them all is short.
    await tx
      .delete(idempotentRequests)
      .where(or(eq(idempotentRequests.userId, userId), sql`strpos(${idempotentRequests.answer}::text, ${userId}) > 0`));
    // An operator's decisions on held posts stay, without who made them (docs/decisions/069).
    await tx.update(jobHolds).set({ decidedBy: null }).where(eq(jobHolds.decidedBy, userId));
    // Money records stay for the accounting retention period under the person's party, which loses
    // their id and keeps a label that never named them (docs/decisions/076).
    await anonymiseParty(tx, userId, now);
    // Payout methods and the ИНН go; payouts stay as accounting records under the anonymised party
    // (docs/decisions/081), losing the method they went to.
    await tx.delete(payoutMethods).where(eq(payoutMethods.userId, userId));
    await tx.delete(payoutProfiles).where(eq(payoutProfiles.userId, userId));
    await tx.delete(user).where(eq(user.id, userId));

    return { fileDeletionIds, keptRecords: kept.any };
  });
}
