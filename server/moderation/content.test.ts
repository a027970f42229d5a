import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { createChatMessage, createDirectConversation } from "../../db/factories/chat.ts";
import { createAcceptedApplication } from "../../db/factories/hiring.ts";
import { createApplication, createJob } from "../../db/factories/jobs.ts";
import { createRating } from "../../db/factories/ratings.ts";
import { createEmployer, createWorker } from "../../db/factories/users.ts";
import { chatMessages, jobs, notifications } from "../../db/schema/index.ts";
import { ERR } from "../../domain/errors.ts";
import { notificationPath, type NotificationPayload } from "../../domain/notifications.ts";
import { joinGroupChat } from "../chat/group-membership.ts";
import { chatImageUrl } from "../chat/image-link.ts";
import { liveMessages } from "../chat/live-messages.ts";
import type { ChatMessageView } from "../chat/message-view.ts";
import { notificationText } from "../i18n/notification-text.ts";
import { writeDueReminders } from "../notifications/reminders.ts";
import { personRating } from "../ratings/rating-summary.ts";
import { visibleSubject } from "../reports/subject.ts";
import { expectRefusal } from "../testing/refusal.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { removeContent, restoreContent, type RemovableSubject } from "./content.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const remove = (subject: RemovableSubject) => t.db.transaction((tx) => removeContent(tx, t.services.queue, subject, new Date()));
const restore = (subject: RemovableSubject) =>
  t.db.transaction((tx) => restoreContent(tx, t.services.queue, subject, new Date()));

const moderationOf = async (jobId: string) =>
  (await t.db.select({ moderation: jobs.moderation }).from(jobs).where(eq(jobs.id, jobId)))[0]?.moderation;

/** The job_removed notices written about `jobId`, by recipient. */
async function removalNotices(jobId: string) {
  const rows = await t.db
    .select({ userId: notifications.userId, payload: notifications.payload, actorId: notifications.actorId })
    .from(notifications)
    .where(eq(notifications.kind, "job_removed"));
  return rows.filter((r) => (r.payload as { jobId: string }).jobId === jobId);
}

describe("a job", () => {
  async function staffedJob() {
    const owner = await createEmployer(t.db);
    const [hired, pending, rejected, withdrawn] = [
      await createWorker(t.db),
      await createWorker(t.db),
      await createWorker(t.db),
      await createWorker(t.db),
    ];
    const job = await createJob(t.db, owner.id, { title: "Warehouse night shift" });
    await createAcceptedApplication(t.db, job.id, hired.id);
    await createApplication(t.db, job.id, pending.id);
    await createApplication(t.db, job.id, rejected.id, { status: "rejected" });
    await createApplication(t.db, job.id, withdrawn.id, { status: "withdrawn" });
    return { owner, hired, pending, rejected, withdrawn, job };
  }

  it("removed: hidden from all but its owner, its pending and hired applicants told, the hired not to come", async () => {
    const { owner, hired, pending, job } = await staffedJob();
    expect(await remove({ type: "job", id: job.id })).toBe(true);
    expect(await moderationOf(job.id)).toBe("removed");

    // Gone for the applicants, the public and search; the owner still has it.
    await expectRefusal(t.callerAs(hired.id).jobs.byId({ jobId: job.id }), "NOT_FOUND", ERR.jobNotFound);
    await expectRefusal(t.callerAs(null).jobs.byId({ jobId: job.id }), "NOT_FOUND", ERR.jobNotFound);
    expect((await t.callerAs(owner.id).jobs.byId({ jobId: job.id })).id).toBe(job.id);
    expect((await t.callerAs(null).jobs.search({})).items.map((j) => j.id)).not.toContain(job.id);
    expect((await t.callerAs(hired.id).jobs.mine({})).items.map((j) => j.id)).not.toContain(job.id);
    expect((await t.callerAs(owner.id).jobs.mine({})).items.map((j) => j.id)).toContain(job.id);

    // Pending and hired only, no actor (Daywork did it), the hired told apart; the applications stay.
    const notices = await removalNotices(job.id);
    expect(notices.map((n) => n.userId).sort()).toEqual([hired.id, pending.id].sort());
    expect(notices.every((n) => n.actorId === null)).toBe(true);
    const byUser = new Map(notices.map((n) => [n.userId, n.payload as NotificationPayload]));
    const hiredNotice: NotificationPayload = { kind: "job_removed", jobId: job.id, jobTitle: job.title, hired: true };
    const pendingNotice: NotificationPayload = { ...hiredNotice, hired: false };
    expect(byUser.get(hired.id)).toEqual(hiredNotice);
    expect(byUser.get(pending.id)).toEqual(pendingNotice);
    expect(notificationText(hiredNotice, "en")).toEqual({
      title: "Job taken down",
      body: "Daywork took “Warehouse night shift” down; you don't need to come.",
    });
    expect(notificationText(pendingNotice, "ru").body).toBe(
      "Daywork снял работу «Warehouse night shift». Она больше не предлагается.",
    );
    expect(notificationPath(hiredNotice)).toBe("/my-jobs");
  });

  it("removed twice changes nothing and tells nobody again; restored it is visible, nobody told", async () => {
    const { hired, job } = await staffedJob();
    await remove({ type: "job", id: job.id });
    expect(await remove({ type: "job", id: job.id })).toBe(false);
    expect(await removalNotices(job.id)).toHaveLength(2);

    expect(await restore({ type: "job", id: job.id })).toBe(true);
    expect(await moderationOf(job.id)).toBe("visible");
    expect((await t.callerAs(hired.id).jobs.byId({ jobId: job.id })).id).toBe(job.id);
    expect(await restore({ type: "job", id: job.id })).toBe(false);
    expect(await removalNotices(job.id)).toHaveLength(2);
  });

  it("a restore leaves a held job held, and a job never removed as it is", async () => {
    const owner = await createEmployer(t.db);
    const held = await createJob(t.db, owner.id);
    await t.db.update(jobs).set({ moderation: "held" }).where(eq(jobs.id, held.id));
    expect(await restore({ type: "job", id: held.id })).toBe(false);
    expect(await moderationOf(held.id)).toBe("held");
  });

  it("answers false for a job that does not exist or an id that is not one", async () => {
    expect(await remove({ type: "job", id: "00000000-0000-4000-8000-000000000000" })).toBe(false);
    expect(await remove({ type: "job", id: "not-a-uuid" })).toBe(false);
    expect(await restore({ type: "job", id: "' or 1=1 --" })).toBe(false);
  });

  it("sends no reminder the evening before a removed job's day; a restored one is reminded again", async () => {
    const owner = await createEmployer(t.db);
    const hired = await createWorker(t.db);
    const job = await createJob(t.db, owner.id, { startDate: "2031-03-05", durationDays: 2 });
    await createAcceptedApplication(t.db, job.id, hired.id);
    const reminded = async () =>
      (await t.db.select({ payload: notifications.payload }).from(notifications).where(eq(notifications.kind, "job_reminder")))
        .map((r) => r.payload as { jobId: string; startDate: string })
        .filter((p) => p.jobId === job.id).length;
    await remove({ type: "job", id: job.id });
    await writeDueReminders(t.db, t.services.queue, new Date("2031-03-04T18:10:00Z"));
    expect(await reminded()).toBe(0);
    await restore({ type: "job", id: job.id });
    await writeDueReminders(t.db, t.services.queue, new Date("2031-03-05T18:10:00Z"));
    expect(await reminded()).toBe(1);
  });

  it("is no longer reportable once removed", async () => {
    const { hired, job } = await staffedJob();
    expect(await visibleSubject(t.db, { type: "job", id: job.id }, hired.id)).not.toBeNull();
    await remove({ type: "job", id: job.id });
    expect(await visibleSubject(t.db, { type: "job", id: job.id }, hired.id)).toBeNull();
  });
});

describe("a message", () => {
  async function conversation() {
    const owner = await createEmployer(t.db);
    const worker = await createWorker(t.db);
    const job = await createJob(t.db, owner.id, { title: "Garden cleanup" });
    await createAcceptedApplication(t.db, job.id, worker.id);
    const conversationId = await t.db.transaction((tx) => joinGroupChat(tx, job.id, [owner.id, worker.id]));
    const first = await createChatMessage(t.db, conversationId, worker.id, { content: "first" });
    const bad = await createChatMessage(t.db, conversationId, owner.id, {
      content: "pay me on telegram",
      imagePath: `chat/${owner.id}/x.png`,
      imageBytes: 10,
    });
    return { owner, worker, conversationId, first, bad };
  }
  const removedView = (id: number) => expect.objectContaining({ id, content: "", imageUrl: null, removed: true });

  it("removed: history, the chat list and the image link show it removed, without its text or image", async () => {
    const { owner, worker, conversationId, first, bad } = await conversation();
    expect(await remove({ type: "message", id: String(bad.id) })).toBe(true);

    for (const person of [owner, worker]) {
      const history = await t.callerAs(person.id).chat.history({ conversationId, limit: 50 });
      expect(history.messages).toEqual([
        expect.objectContaining({ id: first.id, content: "first", removed: false }),
        removedView(bad.id),
      ]);
      const list = await t.callerAs(person.id).chats.list({});
      const item = list.items.find((c) => c.conversationId === conversationId);
      expect(item?.lastMessage).toMatchObject({ id: bad.id, content: "", hasImage: false, removed: true });
    }
    expect(await chatImageUrl(t.db, t.services, { messageId: bad.id, userId: worker.id })).toMatchObject({
      ok: false,
      reason: "no_image",
    });
    // Kept in the database for an appeal and the author's export.
    const [row] = await t.db.select().from(chatMessages).where(eq(chatMessages.id, bad.id));
    expect(row).toMatchObject({ content: "pay me on telegram", imagePath: `chat/${owner.id}/x.png` });
    expect(row?.removedAt).toBeInstanceOf(Date);
  });

  it("tells the participants' open pages, so their chat lists re-read the preview", async () => {
    const { owner, worker, bad } = await conversation();
    const heard: string[] = [];
    const stops = [owner, worker].map((p) => t.services.userEvents.subscribe(p.id, (event) => heard.push(`${p.id}:${event}`)));
    try {
      await remove({ type: "message", id: String(bad.id) });
      await vi.waitFor(() => expect(heard.sort()).toEqual([`${owner.id}:chat`, `${worker.id}:chat`].sort()));
    } finally {
      for (const stop of stops) stop();
    }
  });

  it("restored: shown again as it was; removing or restoring twice answers false", async () => {
    const { worker, conversationId, bad } = await conversation();
    await remove({ type: "message", id: String(bad.id) });
    expect(await remove({ type: "message", id: String(bad.id) })).toBe(false);
    expect(await restore({ type: "message", id: String(bad.id) })).toBe(true);
    expect(await restore({ type: "message", id: String(bad.id) })).toBe(false);
    const history = await t.callerAs(worker.id).chat.history({ conversationId, limit: 50 });
    expect(history.messages.at(-1)).toMatchObject({ id: bad.id, content: "pay me on telegram", removed: false });
    expect(history.messages.at(-1)?.imageUrl).toEqual(expect.any(String));
  });

  it("the live stream sends a removed message removed (a resuming subscriber)", async () => {
    const { worker, conversationId, first, bad } = await conversation();
    await remove({ type: "message", id: String(bad.id) });
    const abort = new AbortController();
    const stream = liveMessages(t.db, t.services, {
      conversationId,
      userId: worker.id,
      after: 0,
      outlet: null,
      signal: abort.signal,
    });
    const got: ChatMessageView[] = [];
    for await (const envelope of stream) {
      got.push(envelope[1]);
      if (got.length === 2) break;
    }
    abort.abort();
    expect(got).toEqual([expect.objectContaining({ id: first.id, content: "first", removed: false }), removedView(bad.id)]);
  });

  it("is no longer reportable once removed; nonsense ids answer false", async () => {
    const { worker, bad } = await conversation();
    expect(await visibleSubject(t.db, { type: "message", id: bad.id }, worker.id)).not.toBeNull();
    await remove({ type: "message", id: String(bad.id) });
    expect(await visibleSubject(t.db, { type: "message", id: bad.id }, worker.id)).toBeNull();
    expect(await remove({ type: "message", id: "99999999999" })).toBe(false);
    expect(await remove({ type: "message", id: "1; drop table" })).toBe(false);
    expect(await remove({ type: "message", id: "-1" })).toBe(false);
    expect(await remove({ type: "message", id: "99999999999999999999" })).toBe(false);
  });

  it("a direct conversation's preview says removed too", async () => {
    const owner = await createEmployer(t.db);
    const worker = await createWorker(t.db);
    const job = await createJob(t.db, owner.id);
    const conversationId = await createDirectConversation(t.db, job.id, owner.id, worker.id);
    const message = await createChatMessage(t.db, conversationId, worker.id, { content: "spam" });
    await remove({ type: "message", id: String(message.id) });
    const list = await t.callerAs(owner.id).chats.list({});
    expect(list.items.find((c) => c.conversationId === conversationId)?.lastMessage).toMatchObject({
      content: "",
      removed: true,
    });
  });
});

describe("a review", () => {
  async function reviewed() {
    const owner = await createEmployer(t.db);
    const worker = await createWorker(t.db);
    const job = await createJob(t.db, owner.id);
    const other = await createJob(t.db, owner.id);
    await createAcceptedApplication(t.db, job.id, worker.id);
    await createAcceptedApplication(t.db, other.id, worker.id);
    await t.db.update(jobs).set({ status: "completed" }).where(eq(jobs.id, job.id));
    await t.db.update(jobs).set({ status: "completed" }).where(eq(jobs.id, other.id));
    const unfair = await createRating(t.db, {
      jobId: job.id,
      fromUserId: owner.id,
      toUserId: worker.id,
      rating: 1,
      comment: "Lazy",
    });
    const fair = await createRating(t.db, { jobId: other.id, fromUserId: owner.id, toUserId: worker.id, rating: 5 });
    return { owner, worker, job, unfair, fair };
  }

  it("removed: gone from the person's reviews, the reviewer's own list and the average; restored: back", async () => {
    const { owner, worker, job, unfair, fair } = await reviewed();
    expect(await personRating(t.db, worker.id, null)).toEqual({ average: 3, count: 2 });

    expect(await remove({ type: "review", id: unfair.id })).toBe(true);
    expect(await remove({ type: "review", id: unfair.id })).toBe(false);
    expect(await personRating(t.db, worker.id, null)).toEqual({ average: 5, count: 1 });
    for (const viewer of [null, worker.id, owner.id]) {
      const page = await t.callerAs(viewer).ratings.forUser({ userId: worker.id });
      expect(page.items.map((r) => r.id)).toEqual([fair.id]);
    }
    // The reviewer no longer sees it, and cannot review again (one review per person and job).
    const targets = await t.callerAs(owner.id).ratings.forJob({ jobId: job.id });
    expect(targets.reviewed).toEqual([]);
    expect(targets.toReview).toEqual([]);
    expect(await visibleSubject(t.db, { type: "review", id: unfair.id }, worker.id)).toBeNull();

    expect(await restore({ type: "review", id: unfair.id })).toBe(true);
    expect(await restore({ type: "review", id: unfair.id })).toBe(false);
    expect(await personRating(t.db, worker.id, null)).toEqual({ average: 3, count: 2 });
    const page = await t.callerAs(null).ratings.forUser({ userId: worker.id });
    expect(page.items.map((r) => r.id).sort()).toEqual([fair.id, unfair.id].sort());
    expect((await t.callerAs(owner.id).ratings.forJob({ jobId: job.id })).reviewed).toHaveLength(1);
    expect(await visibleSubject(t.db, { type: "review", id: unfair.id }, worker.id)).not.toBeNull();
  });

  it("answers false for a review that does not exist", async () => {
    expect(await remove({ type: "review", id: "00000000-0000-4000-8000-000000000000" })).toBe(false);
    expect(await restore({ type: "review", id: "nope" })).toBe(false);
  });
});
