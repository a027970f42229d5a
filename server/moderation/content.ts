import { and, eq, inArray, isNotNull, isNull, ne } from "drizzle-orm";

import type { Queryable, Tx } from "../../db/database.ts";
import { chatMessages, conversationParticipants, jobApplications, jobs, ratings } from "../../db/schema/index.ts";
import { UUID } from "../../domain/id-shapes.ts";
import type { BackgroundQueue } from "../background-jobs.ts";
import { notifyPeople } from "../notifications/notify.ts";
import { announceToPeople } from "../realtime/user-events.ts";

/** An item an operator's decision can take down or bring back (docs/decisions/074). */
export type RemovableSubject = { type: "job" | "message" | "review"; id: string };

/** A message's id is its number (as the client reads it: a safe integer); anything else names no message. */
const MESSAGE_ID = /^[1-9][0-9]*$/;

function wellFormed(subject: RemovableSubject): boolean {
  if (subject.type !== "message") return UUID.test(subject.id);
  return MESSAGE_ID.test(subject.id) && Number.isSafeInteger(Number(subject.id));
}

/**
 * Takes an item down in the caller's transaction (docs/decisions/074): a job becomes `removed` but keeps its
 * applications and chats, so a restore finds it as it was; a message shows removed, a review leaves averages.
 */
export async function removeContent(tx: Tx, queue: BackgroundQueue, subject: RemovableSubject, now: Date): Promise<boolean> {
  if (!wellFormed(subject)) return false;
  switch (subject.type) {
    case "job": {
      const [job] = await tx
        .update(jobs)
        .set({ moderation: "removed" })
        .where(and(eq(jobs.id, subject.id), ne(jobs.moderation, "removed")))
        .returning({ id: jobs.id, title: jobs.title, ownerId: jobs.employerId });
      if (!job) return false;
      await tellApplicants(tx, queue, job);
      return true;
    }
    case "message":
      return setMessageRemoved(tx, Number(subject.id), now);
    case "review": {
      const [row] = await tx
        .update(ratings)
        .set({ removedAt: now })
        .where(and(eq(ratings.id, subject.id), isNull(ratings.removedAt)))
        .returning({ id: ratings.id });
      return row !== undefined;
    }
  }
}

/**
 * Brings back what removeContent took down (a decision reversed on appeal, or the operator's
 * "restore"); true when it changed, false when it was not removed or is gone. A job is visible again
 * only if it was removed (a held job stays held); its applicants are not told, and nobody who left
 * meanwhile is added back. The owner learns of it from the decision's statement.
 */
export async function restoreContent(tx: Tx, _queue: BackgroundQueue, subject: RemovableSubject, _now: Date): Promise<boolean> {
  if (!wellFormed(subject)) return false;
  switch (subject.type) {
    case "job": {
      const [row] = await tx
        .update(jobs)
        .set({ moderation: "visible" })
        .where(and(eq(jobs.id, subject.id), eq(jobs.moderation, "removed")))
        .returning({ id: jobs.id });
      return row !== undefined;
    }
    case "message":
      return setMessageRemoved(tx, Number(subject.id), null);
    case "review": {
      const [row] = await tx
        .update(ratings)
        .set({ removedAt: null })
        .where(and(eq(ratings.id, subject.id), isNotNull(ratings.removedAt)))
        .returning({ id: ratings.id });
      return row !== undefined;
    }
  }
}

/**
 * Marks a message removed (`at`) or shown again (null). The conversation's people hear "chat" so their
 * chat lists re-read the preview; an open conversation shows the change when its history is next read
 * (the live stream sends each message once, by id, and has no path for a change to one already sent).
 */
async function setMessageRemoved(tx: Tx, id: number, at: Date | null): Promise<boolean> {
  const [message] = await tx
    .update(chatMessages)
    .set({ removedAt: at })
    .where(and(eq(chatMessages.id, id), at ? isNull(chatMessages.removedAt) : isNotNull(chatMessages.removedAt)))
    .returning({ conversationId: chatMessages.conversationId });
  if (!message) return false;
  const people = await tx
    .select({ id: conversationParticipants.userId })
    .from(conversationParticipants)
    .where(eq(conversationParticipants.conversationId, message.conversationId));
  await announceToPeople(
    tx,
    people.map((p) => p.id),
    "chat",
  );
  return true;
}

/** A removed job's pending and hired applicants: the hired are told they need not come. */
async function tellApplicants(tx: Queryable, queue: BackgroundQueue, job: { id: string; title: string; ownerId: string }) {
  const applicants = await tx
    .select({ id: jobApplications.workerId, status: jobApplications.status })
    .from(jobApplications)
    .where(and(eq(jobApplications.jobId, job.id), inArray(jobApplications.status, ["pending", "accepted"])));
  for (const hired of [true, false]) {
    const ids = applicants.filter((a) => (a.status === "accepted") === hired).map((a) => a.id);
    // Daywork did it, not the owner: the notice has no actor, so it is kept if the owner's account goes.
    await notifyPeople(tx, queue, ids, { kind: "job_removed", jobId: job.id, jobTitle: job.title, hired }, { actorId: null });
  }
}
