import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createAcceptedApplication } from "../../db/factories/hiring.ts";
import { createApplication, createJob, dateFromToday } from "../../db/factories/jobs.ts";
import { createEmployer, createWorker } from "../../db/factories/users.ts";
import { jobApplications, jobs, notifications, profiles } from "../../db/schema/index.ts";
import { sendNotificationsMail } from "../mail/notification-mail.ts";
import { sendNotificationPush } from "../push/notification-push.ts";
import { mailTestbed } from "../testing/mail-testbed.ts";
import { pushBrowser } from "../testing/push-browser.ts";
import { startPushService, type PushService } from "../testing/push-service.ts";
import { CHAT_DIGEST_DELAY_SECONDS } from "./chat-digest.ts";
import { deliverNotifications, type Channels } from "./deliver.ts";
import { writeDueReminders } from "./reminders.ts";

const bed = mailTestbed();

async function noticesOf(userId: string) {
  return bed.t.db
    .select({ kind: notifications.kind, payload: notifications.payload, readAt: notifications.readAt })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(notifications.createdAt);
}

function kindsOf(rows: { kind: string }[]): string[] {
  return rows.map((row) => row.kind);
}

function mailsTo(email: string) {
  return bed.smtp.mails.filter((mail) => mail.to.includes(email));
}

/** Digest jobs wait CHAT_DIGEST_DELAY_SECONDS for the reader; a test makes them due at once. */
async function makeDigestsDue() {
  await bed.t.db.execute(sql`update pgboss.job set start_after = now() where name = 'chat-digest' and state = 'created'`);
}

async function scene() {
  const owner = await createEmployer(bed.t.db, { fullName: "Olga Owner" });
  const worker = await createWorker(bed.t.db, { fullName: "Wanda Worker" });
  const job = await createJob(bed.t.db, owner.id, { title: "Paint the fence", startDate: dateFromToday(3) });
  return { owner, worker, job };
}

describe("events become one notice per person, written with the change", () => {
  it("apply → owner; accept → worker; each delivered by e-mail exactly once, in the recipient's language", async () => {
    const { owner, worker, job } = await scene();
    await bed.t.db.update(profiles).set({ language: "ru" }).where(eq(profiles.id, worker.id));
    const applied = await bed.t.callerAs(worker.id).applications.submit({ jobId: job.id, message: null });
    expect(kindsOf(await noticesOf(owner.id))).toEqual(["application_received"]);
    expect((await noticesOf(owner.id))[0]?.payload).toMatchObject({ applicantName: "Wanda Worker", jobTitle: "Paint the fence" });

    await bed.t.callerAs(owner.id).applications.accept({ applicationId: applied.id });
    expect(kindsOf(await noticesOf(worker.id))).toEqual(["application_accepted"]);

    await bed.t.runBackground();
    await bed.t.runBackground();
    expect(mailsTo(owner.email)).toHaveLength(1);
    expect(mailsTo(worker.email)).toHaveLength(1);
    // The worker reads Russian.
    expect(mailsTo(worker.email)[0]?.text).toMatch(/[А-Яа-я]/);
    expect(mailsTo(worker.email)[0]?.text).toContain(`/jobs/${job.id}`);
  });

  it("reject, start, complete and cancel reach the workers they concern, and a review the person rated", async () => {
    const { owner, worker, job } = await scene();
    const other = await createWorker(bed.t.db);
    const rejected = await createApplication(bed.t.db, job.id, other.id);
    await createAcceptedApplication(bed.t.db, job.id, worker.id);
    const owner_ = bed.t.callerAs(owner.id);
    await owner_.applications.reject({ applicationId: rejected.id });
    await owner_.jobs.changeStatus({ jobId: job.id, action: "start" });
    // Complete is allowed from the start date on: the job began yesterday.
    await bed.t.db
      .update(jobs)
      .set({ startDate: dateFromToday(-1) })
      .where(eq(jobs.id, job.id));
    await owner_.jobs.changeStatus({ jobId: job.id, action: "complete" });
    await owner_.ratings.submit({ jobId: job.id, toUserId: worker.id, rating: 5, comment: null });
    // A rejection is told only once it can no longer be undone (server/applications/reject-undo.test.ts).
    expect(kindsOf(await noticesOf(other.id))).toEqual([]);
    await bed.t.db
      .update(jobApplications)
      .set({ updatedAt: sql`${jobApplications.updatedAt} - interval '10 minutes'` })
      .where(eq(jobApplications.id, rejected.id));
    await bed.t.db.execute(sql`update pgboss.job set start_after = now() where name = 'rejection-notice' and state = 'created'`);
    await bed.t.runBackground();
    expect(kindsOf(await noticesOf(other.id))).toEqual(["application_rejected"]);
    expect(kindsOf(await noticesOf(worker.id))).toEqual(["job_started", "job_completed", "review_received"]);
    expect((await noticesOf(worker.id))[2]?.payload).toMatchObject({ rating: 5, reviewerName: "Olga Owner" });

    const second = await createJob(bed.t.db, owner.id);
    await createAcceptedApplication(bed.t.db, second.id, worker.id);
    await owner_.jobs.changeStatus({ jobId: second.id, action: "cancel" });
    expect(kindsOf(await noticesOf(worker.id)).at(-1)).toBe("job_cancelled");
    // Nobody is told about their own action.
    expect(await noticesOf(owner.id)).toEqual([]);
  });

  it("a refused action writes no notice and queues nothing", async () => {
    const { owner, worker, job } = await scene();
    const application = await createApplication(bed.t.db, job.id, worker.id);
    await bed.t.callerAs(owner.id).applications.accept({ applicationId: application.id });
    await bed.t.runBackground();
    const before = bed.smtp.mails.length;
    await expect(bed.t.callerAs(owner.id).applications.reject({ applicationId: application.id })).rejects.toThrow();
    expect(kindsOf(await noticesOf(worker.id))).toEqual(["application_accepted"]);
    expect(await bed.t.runBackground()).toBe(0);
    expect(bed.smtp.mails.length).toBe(before);
  });

  it("no e-mail when the e-mail toggle is off or the address is unverified; read in the app first, none either", async () => {
    const { owner } = await scene();
    const job = await createJob(bed.t.db, owner.id, { maxWorkers: 5 });
    const quiet = await createWorker(bed.t.db, { notificationEmail: false });
    const unverified = await createWorker(bed.t.db);
    await bed.t.db.execute(sql`update "user" set email_verified = false where id = ${unverified.id}`);
    const reader = await createWorker(bed.t.db);
    for (const person of [quiet, unverified, reader]) await createApplication(bed.t.db, job.id, person.id);
    const applications = await bed.t.db.query.jobApplications.findMany({ where: (a, { eq: is }) => is(a.jobId, job.id) });
    for (const application of applications) await bed.t.callerAs(owner.id).applications.accept({ applicationId: application.id });
    const [readerNotice] = await bed.t.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.userId, reader.id));
    await bed.t.callerAs(reader.id).notifications.markRead({ id: readerNotice?.id ?? "" });
    await bed.t.runBackground();
    for (const person of [quiet, unverified, reader]) {
      expect(kindsOf(await noticesOf(person.id))).toEqual(["application_accepted"]);
      expect(mailsTo(person.email)).toEqual([]);
    }
  });
});

describe("chat messages: one grouped notice per conversation, only when left unread", () => {
  it("three messages while away are one notice with the count; reading first means no notice", async () => {
    const { owner, worker, job } = await scene();
    const application = await createApplication(bed.t.db, job.id, worker.id);
    await bed.t.callerAs(owner.id).applications.accept({ applicationId: application.id });
    const { id: conversationId } = await bed.t.callerAs(owner.id).chat.conversationForJob({ jobId: job.id });
    for (const content of ["one", "two", "three"]) await bed.t.callerAs(owner.id).chat.send({ conversationId, content });
    expect(CHAT_DIGEST_DELAY_SECONDS).toBeGreaterThan(0);
    // Not yet due: the reader may be looking.
    await bed.t.runBackground();
    expect(kindsOf(await noticesOf(worker.id))).not.toContain("chat_messages");
    await makeDigestsDue();
    await bed.t.runBackground();
    const chatNotices = (await noticesOf(worker.id)).filter((n) => n.kind === "chat_messages");
    expect(chatNotices).toHaveLength(1);
    expect(chatNotices[0]?.payload).toMatchObject({
      count: 3,
      senderName: "Olga Owner",
      title: "Paint the fence",
      conversationId,
    });

    // The worker reads the chat; the owner writes again and the worker reads before the digest runs.
    const { messages } = await bed.t.callerAs(worker.id).chat.history({ conversationId });
    await bed.t.callerAs(worker.id).chat.markRead({ conversationId, messageId: messages.at(-1)?.id ?? 0 });
    const sent = await bed.t.callerAs(owner.id).chat.send({ conversationId, content: "four" });
    await bed.t.callerAs(worker.id).chat.markRead({ conversationId, messageId: sent.id });
    await makeDigestsDue();
    await bed.t.runBackground();
    const after = (await noticesOf(worker.id)).filter((n) => n.kind === "chat_messages");
    expect(after).toHaveLength(1);
    expect(after[0]?.payload).toMatchObject({ count: 3 });
  });
});

describe("the day-before reminder", () => {
  it("goes out at 18:00 in each person's own time zone, once", async () => {
    const owner = await createEmployer(bed.t.db, { timeZone: "Asia/Tashkent" });
    const worker = await createWorker(bed.t.db, { timeZone: "Europe/Madrid" });
    const job = await createJob(bed.t.db, owner.id, { startDate: "2030-06-11", title: "Move the office" });
    await createAcceptedApplication(bed.t.db, job.id, worker.id);
    const reminded = async (userId: string) =>
      (await noticesOf(userId)).filter((n) => n.kind === "job_reminder" && (n.payload as { jobId: string }).jobId === job.id);

    // 17:30 in Tashkent (UTC+5) is 14:30 in Madrid (UTC+2): nobody yet.
    await writeDueReminders(bed.t.db, bed.t.services.queue, new Date("2030-06-10T12:30:00Z"));
    expect(await reminded(owner.id)).toEqual([]);
    // 18:05 in Tashkent: the owner; Madrid is at 15:05.
    await writeDueReminders(bed.t.db, bed.t.services.queue, new Date("2030-06-10T13:05:00Z"));
    expect(await reminded(owner.id)).toHaveLength(1);
    expect(await reminded(worker.id)).toEqual([]);
    // 18:10 in Madrid: the worker; a second pass writes nothing more.
    await writeDueReminders(bed.t.db, bed.t.services.queue, new Date("2030-06-10T16:10:00Z"));
    await writeDueReminders(bed.t.db, bed.t.services.queue, new Date("2030-06-10T16:20:00Z"));
    expect(await reminded(owner.id)).toHaveLength(1);
    expect(await reminded(worker.id)).toHaveLength(1);
    expect((await reminded(worker.id))[0]?.payload).toMatchObject({ startDate: "2030-06-11", jobTitle: "Move the office" });
    // The day itself is too late for a day-before reminder.
    const late = await createJob(bed.t.db, owner.id, { startDate: "2030-06-10" });
    await writeDueReminders(bed.t.db, bed.t.services.queue, new Date("2030-06-10T16:30:00Z"));
    expect((await noticesOf(owner.id)).filter((n) => (n.payload as { jobId?: string }).jobId === late.id)).toEqual([]);
  });
});

describe("the notifications list", () => {
  it("pages newest first, marks one and all read, and refuses someone else's", async () => {
    const { owner, job } = await scene();
    for (let i = 0; i < 23; i += 1) {
      const applicant = await createWorker(bed.t.db);
      await bed.t.callerAs(applicant.id).applications.submit({ jobId: job.id, message: null });
    }
    const me = bed.t.callerAs(owner.id);
    expect(await me.notifications.unreadCount()).toBe(23);
    const first = await me.notifications.list({});
    expect(first.items).toHaveLength(20);
    const second = await me.notifications.list({ cursor: first.nextCursor });
    expect(second.items).toHaveLength(3);
    expect(second.nextCursor).toBeNull();
    const ids = [...first.items, ...second.items].map((n) => n.id);
    expect(new Set(ids).size).toBe(23);

    const stranger = await createWorker(bed.t.db);
    await expect(bed.t.callerAs(stranger.id).notifications.markRead({ id: ids[0] ?? "" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await me.notifications.markRead({ id: ids[0] ?? "" });
    expect(await me.notifications.unreadCount()).toBe(22);
    expect(await me.notifications.markAllRead()).toEqual({ marked: 22 });
    expect(await me.notifications.unreadCount()).toBe(0);
    expect((await me.notifications.list({})).items.every((n) => n.read)).toBe(true);
  });

  it("an account deletion takes the notices the person caused with it", async () => {
    const { owner, worker, job } = await scene();
    await bed.t.callerAs(worker.id).applications.submit({ jobId: job.id, message: null });
    expect(kindsOf(await noticesOf(owner.id))).toEqual(["application_received"]);
    await bed.t.callerAs(worker.id).privacy.deleteAccount();
    expect(await noticesOf(owner.id)).toEqual([]);
    const left = await bed.t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.actorId, worker.id)));
    expect(left).toEqual([]);
  });
});

describe("push, through the same delivery as e-mail", () => {
  let service: PushService;
  beforeAll(async () => {
    service = await startPushService();
  });
  afterAll(() => service.close());

  function channels(): Channels {
    const log = { info() {}, warn() {} };
    return {
      email: (recipient, notices) =>
        sendNotificationsMail({ mailer: bed.t.services.mailer, config: bed.t.config }, recipient, notices),
      push: (recipient, notification) =>
        sendNotificationPush({ db: bed.t.db, config: bed.t.config, log, agent: service.agent }, recipient, notification),
    };
  }

  async function deliverAll(userId: string) {
    const deps = { channels: channels(), queue: bed.t.services.queue, pace: { limit: 100, windowSeconds: 60 } };
    // Twice, as a retried job or a second instance would: nothing goes out twice.
    for (let round = 0; round < 2; round += 1) await deliverNotifications(bed.t.db, deps, userId, new Date());
  }

  it("reaches each device once while the push toggle is on, and not at all once it is off", async () => {
    const { owner, worker, job } = await scene();
    const device = pushBrowser();
    await bed.t.callerAs(worker.id).push.subscribe({ endpoint: service.endpoint(`w-${worker.id}`), keys: device.keys });
    const quiet = await createWorker(bed.t.db, { notificationPush: false });
    const quietDevice = pushBrowser();
    await bed.t.callerAs(quiet.id).push.subscribe({ endpoint: service.endpoint(`q-${quiet.id}`), keys: quietDevice.keys });
    await bed.t.db.update(profiles).set({ language: "de" }).where(eq(profiles.id, worker.id));
    for (const person of [worker, quiet]) {
      const application = await createApplication(bed.t.db, job.id, person.id);
      if (person === worker) await bed.t.callerAs(owner.id).applications.accept({ applicationId: application.id });
      else await bed.t.callerAs(owner.id).applications.reject({ applicationId: application.id });
    }
    await deliverAll(worker.id);
    await deliverAll(quiet.id);
    const pushes = service.received.filter((push) => push.token === `w-${worker.id}`);
    expect(pushes).toHaveLength(1);
    const message = JSON.parse(device.decrypt(pushes[0]?.body ?? Buffer.alloc(0))) as { title: string; url: string };
    expect(message).toMatchObject({ title: "Bewerbung angenommen", url: `/jobs/${job.id}` });
    expect(service.received.filter((push) => push.token === `q-${quiet.id}`)).toEqual([]);
    // E-mail went once as well; the quiet worker still gets theirs (only push is off).
    expect(mailsTo(worker.email)).toHaveLength(1);
  });
});
