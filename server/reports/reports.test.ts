import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createChatMessage, createDirectConversation } from "../../db/factories/chat.ts";
import { createJob } from "../../db/factories/jobs.ts";
import { createRating } from "../../db/factories/ratings.ts";
import { createEmployer, createWorker } from "../../db/factories/users.ts";
import { notifications, reports } from "../../db/schema/index.ts";
import { ERR } from "../../domain/errors.ts";
import { RATE_LIMITS } from "../../domain/limits.ts";
import type { NotificationPayload } from "../../domain/notifications.ts";
import { joinGroupChat } from "../chat/group-membership.ts";
import { notificationText } from "../i18n/notification-text.ts";
import { expectRefusal } from "../testing/refusal.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { closeReports } from "./close-reports.ts";
import { myReports } from "./my-reports.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function noticesOf(userId: string) {
  return t.db
    .select({
      kind: notifications.kind,
      payload: notifications.payload,
      emailedAt: notifications.emailedAt,
      pushedAt: notifications.pushedAt,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(notifications.createdAt);
}

async function reportRow(id: string) {
  const [row] = await t.db.select().from(reports).where(eq(reports.id, id));
  return row;
}

describe("reports.create", () => {
  it("stores a report of a job with its author, and tells the reporter in the app only", async () => {
    const owner = await createEmployer(t.db, { fullName: "Olga Owner", companyName: "" });
    const job = await createJob(t.db, owner.id, { title: "Pay a deposit first" });
    const reporter = await createWorker(t.db);
    const answer = await t.callerAs(reporter.id).reports.create({
      subject: { type: "job", id: job.id },
      reason: "scam",
      comment: "  Asks for 50 euros before the shift  ",
    });
    expect(answer).toMatchObject({ alreadyReported: false });
    expect(await reportRow(answer.id)).toMatchObject({
      reporterId: reporter.id,
      subjectType: "job",
      subjectId: job.id,
      subjectUserId: owner.id,
      reason: "scam",
      comment: "Asks for 50 euros before the shift",
      status: "open",
      closedAt: null,
      outcome: null,
    });
    const [notice] = await noticesOf(reporter.id);
    expect(notice?.payload).toEqual({ kind: "report_received", subjectType: "job", subjectName: "Pay a deposit first" });
    // An acknowledgement of the reporter's own action: nothing to mail or push.
    expect(notice?.emailedAt).not.toBeNull();
    expect(notice?.pushedAt).not.toBeNull();
    expect(notificationText(notice?.payload as NotificationPayload, "en").body).toBe(
      "We received your report about the job “Pay a deposit first”. We will tell you what we decide.",
    );
    // The author is told nothing.
    expect(await noticesOf(owner.id)).toEqual([]);
  });

  it("answers a second report of the same item with the first, and stores and tells nothing more", async () => {
    const owner = await createEmployer(t.db);
    const job = await createJob(t.db, owner.id);
    const reporter = await createWorker(t.db);
    const caller = t.callerAs(reporter.id);
    const first = await caller.reports.create({ subject: { type: "job", id: job.id }, reason: "spam" });
    const second = await caller.reports.create({ subject: { type: "job", id: job.id }, reason: "other", comment: "again" });
    expect(second).toEqual({ ...first, alreadyReported: true });
    expect(await t.db.$count(reports, eq(reports.reporterId, reporter.id))).toBe(1);
    expect(await noticesOf(reporter.id)).toHaveLength(1);
  });

  it("is safe to resend with its idempotency key: one report, the first answer", async () => {
    const owner = await createEmployer(t.db);
    const job = await createJob(t.db, owner.id);
    const reporter = await createWorker(t.db);
    const input = {
      subject: { type: "job" as const, id: job.id },
      reason: "fake_job" as const,
      idempotencyKey: "report-resend-key-0001",
    };
    const sends = await Promise.all([1, 2, 3].map(() => t.callerAs(reporter.id).reports.create(input)));
    // Every send answers exactly the first: a new report, not "already reported".
    expect(sends).toEqual([sends[0], sends[0], sends[0]]);
    expect(sends[0]?.alreadyReported).toBe(false);
    expect(await t.db.$count(reports, eq(reports.reporterId, reporter.id))).toBe(1);
    expect(await noticesOf(reporter.id)).toHaveLength(1);
    await expectRefusal(t.callerAs(reporter.id).reports.create({ ...input, reason: "spam" }), "CONFLICT", ERR.requestKeyReused);
  });

  it("takes a message of the reporter's group or private chat, and no other", async () => {
    const owner = await createEmployer(t.db, { fullName: "Gleb Group", companyName: "" });
    const worker = await createWorker(t.db, { fullName: "Petr Private" });
    const outsider = await createWorker(t.db);
    const job = await createJob(t.db, owner.id);
    const group = await joinGroupChat(t.db, job.id, [owner.id, worker.id]);
    const direct = await createDirectConversation(t.db, job.id, owner.id, worker.id);
    const inGroup = await createChatMessage(t.db, group, owner.id, { content: "Bring cash for me" });
    const inPrivate = await createChatMessage(t.db, direct, worker.id, { content: "You will regret it" });

    await t.callerAs(worker.id).reports.create({ subject: { type: "message", id: inGroup.id }, reason: "scam" });
    const privateReport = await t.callerAs(owner.id).reports.create({
      subject: { type: "message", id: inPrivate.id },
      reason: "harassment",
    });
    expect(await reportRow(privateReport.id)).toMatchObject({ subjectId: String(inPrivate.id), subjectUserId: worker.id });
    const [notice] = await noticesOf(owner.id);
    expect(notice?.payload).toEqual({ kind: "report_received", subjectType: "message", subjectName: "Petr Private" });

    for (const id of [inGroup.id, inPrivate.id]) {
      await expectRefusal(
        t.callerAs(outsider.id).reports.create({ subject: { type: "message", id }, reason: "spam" }),
        "NOT_FOUND",
        ERR.notFound,
      );
    }
    await expectRefusal(
      t.callerAs(owner.id).reports.create({ subject: { type: "message", id: inGroup.id }, reason: "spam" }),
      "BAD_REQUEST",
      ERR.reportOwnItem,
    );
  });

  it("takes a review the reporter can read, and reads a hidden person's reviews as missing", async () => {
    const owner = await createEmployer(t.db, { fullName: "Rita Reviewer", companyName: "" });
    const worker = await createWorker(t.db, { privacyProfileVisible: false });
    const visibleWorker = await createWorker(t.db);
    const job = await createJob(t.db, owner.id, { status: "completed" });
    const ofHidden = await createRating(t.db, { jobId: job.id, fromUserId: owner.id, toUserId: worker.id, rating: 1 });
    const ofVisible = await createRating(t.db, { jobId: job.id, fromUserId: owner.id, toUserId: visibleWorker.id, rating: 1 });
    const stranger = await createWorker(t.db);

    await expectRefusal(
      t.callerAs(stranger.id).reports.create({ subject: { type: "review", id: ofHidden.id }, reason: "inappropriate" }),
      "NOT_FOUND",
      ERR.notFound,
    );
    // The reviewed person reads their own reviews, hidden or not, and may report them.
    const own = await t
      .callerAs(worker.id)
      .reports.create({ subject: { type: "review", id: ofHidden.id }, reason: "harassment" });
    expect(await reportRow(own.id)).toMatchObject({ subjectUserId: owner.id });
    const seen = await t.callerAs(stranger.id).reports.create({ subject: { type: "review", id: ofVisible.id }, reason: "spam" });
    expect(await reportRow(seen.id)).toMatchObject({ subjectType: "review", subjectId: ofVisible.id });
    await expectRefusal(
      t.callerAs(owner.id).reports.create({ subject: { type: "review", id: ofVisible.id }, reason: "spam" }),
      "BAD_REQUEST",
      ERR.reportOwnItem,
    );
  });

  it("takes a visible profile, not a hidden one, not one's own", async () => {
    const visible = await createWorker(t.db, { fullName: "Vera Visible" });
    const hidden = await createWorker(t.db, { privacyProfileVisible: false });
    const reporter = await createEmployer(t.db);
    const caller = t.callerAs(reporter.id);
    await caller.reports.create({ subject: { type: "profile", id: visible.id }, reason: "discrimination" });
    await expectRefusal(
      caller.reports.create({ subject: { type: "profile", id: hidden.id }, reason: "spam" }),
      "NOT_FOUND",
      ERR.notFound,
    );
    await expectRefusal(
      caller.reports.create({ subject: { type: "profile", id: reporter.id }, reason: "spam" }),
      "BAD_REQUEST",
      ERR.reportOwnItem,
    );
  });

  it("refuses a reason off the list and a comment over the limit", async () => {
    const owner = await createEmployer(t.db);
    const job = await createJob(t.db, owner.id);
    const caller = t.callerAs((await createWorker(t.db)).id);
    const subject = { type: "job" as const, id: job.id };
    await expectRefusal(caller.reports.create({ subject, reason: "boring" as "spam" }), "BAD_REQUEST", ERR.reportReasonRequired);
    await expectRefusal(
      caller.reports.create({ subject, reason: "other", comment: "x".repeat(1001) }),
      "BAD_REQUEST",
      ERR.reportCommentTooLong,
    );
    expect(await t.db.$count(reports, eq(reports.subjectId, job.id))).toBe(0);
  });

  it(`refuses new report number ${RATE_LIMITS.report.limit + 1} of a day with 429; a repeat is not counted`, async () => {
    const owner = await createEmployer(t.db);
    const reporter = await createWorker(t.db);
    const caller = t.callerAs(reporter.id);
    const jobIds: string[] = [];
    for (let i = 0; i <= RATE_LIMITS.report.limit; i += 1) jobIds.push((await createJob(t.db, owner.id)).id);
    const [firstJob] = jobIds;
    if (!firstJob) throw new Error("no job");
    for (const id of jobIds.slice(0, RATE_LIMITS.report.limit)) {
      await caller.reports.create({ subject: { type: "job", id }, reason: "spam" });
      // Sending the same again answers the first and costs nothing.
      await caller.reports.create({ subject: { type: "job", id: firstJob }, reason: "spam" });
    }
    await expectRefusal(
      caller.reports.create({ subject: { type: "job", id: jobIds.at(-1) ?? "" }, reason: "spam" }),
      "TOO_MANY_REQUESTS",
      ERR.reportsTooMany,
    );
    expect(await t.db.$count(reports, eq(reports.reporterId, reporter.id))).toBe(RATE_LIMITS.report.limit);
  });
});

describe("reports.mine", () => {
  it("lists the reporter's own reports newest first, a page at a time", async () => {
    const owner = await createEmployer(t.db);
    const reporter = await createWorker(t.db);
    const other = await createWorker(t.db);
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const job = await createJob(t.db, owner.id);
      ids.push((await t.callerAs(reporter.id).reports.create({ subject: { type: "job", id: job.id }, reason: "spam" })).id);
      await t.callerAs(other.id).reports.create({ subject: { type: "job", id: job.id }, reason: "other" });
    }
    const first = await myReports(t.db, { reporterId: reporter.id, limit: 2 });
    expect(first.items.map((r) => r.id)).toEqual([ids[2], ids[1]]);
    const second = await myReports(t.db, { reporterId: reporter.id, limit: 2, cursor: first.nextCursor });
    expect(second).toEqual({ items: [expect.objectContaining({ id: ids[0], status: "open" })], nextCursor: null });
    const mine = await t.callerAs(reporter.id).reports.mine({});
    expect(mine.items.map((r) => r.id)).toEqual([ids[2], ids[1], ids[0]]);
  });
});

describe("closeReports", () => {
  it("closes an item's open reports with the outcome and tells each reporter in their language, once", async () => {
    const owner = await createEmployer(t.db, { fullName: "Fake Firm", companyName: "" });
    const job = await createJob(t.db, owner.id, { title: "Easy money" });
    const russian = await createWorker(t.db, { language: "ru" });
    const english = await createWorker(t.db, { language: "en" });
    const elsewhere = await createJob(t.db, owner.id);
    for (const reporter of [russian, english]) {
      await t.callerAs(reporter.id).reports.create({ subject: { type: "job", id: job.id }, reason: "fake_job" });
    }
    const untouched = await t.callerAs(russian.id).reports.create({ subject: { type: "job", id: elsewhere.id }, reason: "spam" });

    expect(await closeReports(t.db, t.services.queue, { type: "job", id: job.id }, "actioned")).toEqual({ closed: 2 });
    const closed = await t.db.select().from(reports).where(eq(reports.subjectId, job.id));
    expect(closed).toEqual([
      expect.objectContaining({ status: "closed", outcome: "actioned", closedAt: expect.any(Date) }),
      expect.objectContaining({ status: "closed", outcome: "actioned", closedAt: expect.any(Date) }),
    ]);
    expect(await reportRow(untouched.id)).toMatchObject({ status: "open" });

    for (const [reporter, language, text] of [
      [russian, "ru", "Мы проверили вашу жалобу на вакансию «Easy money» и приняли меры."],
      [english, "en", "We checked your report about the job “Easy money” and took action."],
    ] as const) {
      const decided = (await noticesOf(reporter.id)).filter((n) => n.kind === "report_closed");
      expect(decided).toHaveLength(1);
      expect(decided[0]?.payload).toEqual({
        kind: "report_closed",
        subjectType: "job",
        subjectName: "Easy money",
        outcome: "actioned",
      });
      // Delivered as any notice: by mail and push, as the person's settings allow.
      expect(decided[0]?.emailedAt).toBeNull();
      expect(notificationText(decided[0]?.payload as NotificationPayload, language).body).toContain(text);
    }

    // Closing again finds nothing open and tells nobody twice.
    expect(await closeReports(t.db, t.services.queue, { type: "job", id: job.id }, "dismissed")).toEqual({ closed: 0 });
    expect((await noticesOf(english.id)).filter((n) => n.kind === "report_closed")).toHaveLength(1);
    // Once closed, the item may be reported again.
    const again = await t.callerAs(english.id).reports.create({ subject: { type: "job", id: job.id }, reason: "scam" });
    expect(again.alreadyReported).toBe(false);
  });

  it("names a message's hidden author to nobody in the decision", async () => {
    const owner = await createEmployer(t.db, { fullName: "Hidden Harasser", privacyProfileVisible: false });
    const worker = await createWorker(t.db);
    const job = await createJob(t.db, owner.id);
    const chat = await joinGroupChat(t.db, job.id, [owner.id, worker.id]);
    const message = await createChatMessage(t.db, chat, owner.id, { content: "threat" });
    await t.callerAs(worker.id).reports.create({ subject: { type: "message", id: message.id }, reason: "harassment" });
    await closeReports(t.db, t.services.queue, { type: "message", id: message.id }, "dismissed");
    const [decided] = (await noticesOf(worker.id)).filter((n) => n.kind === "report_closed");
    expect(decided?.payload).toMatchObject({ subjectName: null, outcome: "dismissed" });
    expect(notificationText(decided?.payload as NotificationPayload, "en").body).toBe(
      "We checked your report about a message and found no breach of our rules. Thank you for telling us.",
    );
  });
});

describe("account deletion", () => {
  it("keeps a deleted reporter's reports without them, and closes a deleted author's open reports", async () => {
    const owner = await createEmployer(t.db);
    const job = await createJob(t.db, owner.id);
    const reporter = await createWorker(t.db);
    const other = await createWorker(t.db);
    const mine = await t.callerAs(reporter.id).reports.create({ subject: { type: "job", id: job.id }, reason: "spam" });
    const profileReport = await t
      .callerAs(other.id)
      .reports.create({ subject: { type: "profile", id: owner.id }, reason: "scam" });

    await t.callerAs(reporter.id).privacy.deleteAccount();
    expect(await reportRow(mine.id)).toMatchObject({ reporterId: null, status: "open", subjectId: job.id });

    await t.callerAs(owner.id).privacy.deleteAccount();
    for (const id of [mine.id, profileReport.id]) {
      expect(await reportRow(id)).toMatchObject({
        status: "closed",
        outcome: null,
        subjectId: null,
        subjectUserId: null,
        closedAt: expect.any(Date),
      });
    }
    // The acknowledgement named the author: it went with them.
    expect(await noticesOf(other.id)).toEqual([]);
    expect(await t.db.$count(reports, and(eq(reports.reporterId, other.id), eq(reports.status, "open")))).toBe(0);
  });
});
