import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createJob, dateFromToday } from "../../db/factories/jobs.ts";
import { CITY } from "../../db/factories/places.ts";
import { createEmployer, createWorker } from "../../db/factories/users.ts";
import { jobs, notifications } from "../../db/schema/index.ts";
import { ERR } from "../../domain/errors.ts";
import { jobEndsAt, jobStartsAt, shownJobStatus, takesApplications } from "../../domain/job-clock.ts";
import { notificationPath, type NotificationPayload } from "../../domain/notifications.ts";
import { expectRefusal } from "../testing/refusal.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { askToCompleteEndedJobs } from "./ended-jobs.ts";
import { validJobInput } from "./job-test-kit.ts";

// The server's clock: real time unless a test sets it.
let clock: Date | null = null;
let t: TestApp;
let owner: { id: string };
let worker: { id: string };
beforeAll(async () => {
  t = await createTestApp({ services: { now: () => clock ?? new Date() } });
  owner = await createEmployer(t.db, { language: "ru" });
  worker = await createWorker(t.db);
});
afterAll(() => t.close());

// 1 March 2030 is the last (only) day of both jobs. At 19:30 UTC it is 00:30 on 2 March in Tashkent
// (UTC+5), its day over, and 22:30 on 1 March in Moscow (UTC+3), its day still on.
const DAY = "2030-03-01";
const TASHKENT_MIDNIGHT_PAST = new Date("2030-03-01T19:30:00Z");

async function jobsOfTheDay() {
  const tashkent = await createJob(t.db, owner.id, {
    cityId: CITY.tashkent,
    startDate: DAY,
    durationDays: 1,
    startTime: "08:00",
  });
  const moscow = await createJob(t.db, owner.id, { cityId: CITY.moscow, startDate: DAY, durationDays: 1, startTime: "08:00" });
  return { tashkent, moscow };
}

describe("a job's clock", () => {
  it("stores when the first shift starts and the last day ends, in the job's own time zone, kept right on edit", async () => {
    const { tashkent, moscow } = await jobsOfTheDay();
    expect(tashkent.startsAt?.toISOString()).toBe("2030-03-01T03:00:00.000Z");
    expect(tashkent.endsAt?.toISOString()).toBe("2030-03-01T19:00:00.000Z");
    expect(moscow.startsAt?.toISOString()).toBe("2030-03-01T05:00:00.000Z");
    expect(moscow.endsAt?.toISOString()).toBe("2030-03-01T21:00:00.000Z");
    // The database and the domain agree.
    expect(tashkent.endsAt).toEqual(jobEndsAt(DAY, 1, "Asia/Tashkent"));
    expect(moscow.startsAt).toEqual(jobStartsAt(DAY, "08:00", "Europe/Moscow"));
    // An edit of the days or the city moves the end with it.
    const [longer] = await t.db
      .update(jobs)
      .set({ durationDays: 3, cityId: CITY.berlin })
      .where(eq(jobs.id, moscow.id))
      .returning({ endsAt: jobs.endsAt });
    expect(longer?.endsAt?.toISOString()).toBe("2030-03-03T23:00:00.000Z");
    // Through the edit form's procedure too.
    const { language: _language, ...form } = validJobInput({ cityId: CITY.tashkent, startDate: "2030-03-05", durationDays: 2 });
    await t.callerAs(owner.id).jobs.update({ ...form, jobId: tashkent.id });
    const [edited] = await t.db.select({ endsAt: jobs.endsAt }).from(jobs).where(eq(jobs.id, tashkent.id));
    expect(edited?.endsAt?.toISOString()).toBe("2030-03-06T19:00:00.000Z");
  });

  it("shows an open job as in progress once its first shift starts, with nobody pressing Start", () => {
    const startsAt = jobStartsAt(DAY, "08:00", "Asia/Tashkent");
    expect(shownJobStatus("open", startsAt, new Date("2030-03-01T02:59:00Z"))).toBe("open");
    expect(shownJobStatus("open", startsAt, new Date("2030-03-01T03:00:00Z"))).toBe("in_progress");
    expect(shownJobStatus("completed", startsAt, new Date("2030-03-01T03:00:00Z"))).toBe("completed");
    const endsAt = jobEndsAt(DAY, 1, "Asia/Tashkent");
    expect(takesApplications({ status: "open", endsAt }, TASHKENT_MIDNIGHT_PAST)).toBe(false);
    expect(takesApplications({ status: "open", endsAt: jobEndsAt(DAY, 1, "Europe/Moscow") }, TASHKENT_MIDNIGHT_PAST)).toBe(true);
  });
});

describe("an ended job", () => {
  it("refuses applications after the end of its last day in its own zone: Tashkent's, not yet Moscow's", async () => {
    const { tashkent, moscow } = await jobsOfTheDay();
    clock = TASHKENT_MIDNIGHT_PAST;
    try {
      const me = t.callerAs(worker.id);
      await expectRefusal(me.applications.submit({ jobId: tashkent.id }), "CONFLICT", ERR.jobEnded);
      expect((await me.applications.submit({ jobId: moscow.id })).status).toBe("pending");
      // A minute before Tashkent's midnight the same application goes through.
      clock = new Date("2030-03-01T18:59:00Z");
      expect((await me.applications.submit({ jobId: tashkent.id })).status).toBe("pending");
    } finally {
      clock = null;
    }
  });

  it("refuses an invitation to it, and taking one sent before it ended", async () => {
    const { tashkent } = await jobsOfTheDay();
    const invited = await createWorker(t.db);
    clock = new Date("2030-03-01T10:00:00Z");
    try {
      const sent = await t.callerAs(owner.id).rehiring.invite({ jobId: tashkent.id, workerId: invited.id });
      clock = TASHKENT_MIDNIGHT_PAST;
      await expectRefusal(t.callerAs(invited.id).rehiring.accept({ invitationId: sent.id }), "CONFLICT", ERR.jobEnded);
      const other = await createWorker(t.db);
      await expectRefusal(
        t.callerAs(owner.id).rehiring.invite({ jobId: tashkent.id, workerId: other.id }),
        "CONFLICT",
        ERR.jobEnded,
      );
    } finally {
      clock = null;
    }
  });

  it("refuses to hire from an application sent before it ended", async () => {
    const { tashkent } = await jobsOfTheDay();
    const applicant = await createWorker(t.db);
    clock = new Date("2030-03-01T10:00:00Z");
    try {
      const sent = await t.callerAs(applicant.id).applications.submit({ jobId: tashkent.id });
      clock = TASHKENT_MIDNIGHT_PAST;
      await expectRefusal(t.callerAs(owner.id).applications.accept({ applicationId: sent.id }), "CONFLICT", ERR.jobEnded);
      expect((await t.callerAs(applicant.id).applications.mine({ jobId: tashkent.id }))?.status).toBe("pending");
    } finally {
      clock = null;
    }
  });

  it("leaves search, its count and the first page at the instant it ends", async () => {
    const title = "Chronometer polisher";
    const ending = await createJob(t.db, owner.id, { title, startDate: dateFromToday(0), durationDays: 1 });
    const later = await createJob(t.db, owner.id, { title, startDate: dateFromToday(2), durationDays: 1 });
    const over = await createJob(t.db, owner.id, { title, startDate: dateFromToday(-3), durationDays: 1 });
    const visitor = t.callerAs(null);
    const found = async (q?: string) => {
      const page = await visitor.jobs.search(q ? { q } : {});
      return { ids: page.items.map((j) => j.id), total: page.total };
    };
    // Still on a minute before its end, whatever the real clock says of its day.
    await t.db.execute(sql`update jobs set ends_at = now() + interval '1 minute' where id = ${ending.id}`);
    expect((await found("chronometer")).ids.sort()).toEqual([ending.id, later.id].sort());
    expect((await found()).ids).toContain(ending.id);
    await t.db.execute(sql`update jobs set ends_at = now() - interval '1 second' where id = ${ending.id}`);
    const after = await found("chronometer");
    expect(after.ids).toEqual([later.id]);
    expect(after.total).toBe(1);
    expect((await found()).ids).not.toContain(ending.id);
    expect((await found()).ids).not.toContain(over.id);
    // The job page still opens, for its owner to complete it and for anyone with the link.
    expect((await visitor.jobs.byId({ jobId: over.id })).status).toBe("open");
  });
});

describe("the sweep of ended jobs", () => {
  it("asks the owner once, in their language, to complete each job whose days are over", async () => {
    const { tashkent, moscow } = await jobsOfTheDay();
    const done = await createJob(t.db, owner.id, { cityId: CITY.tashkent, startDate: DAY, durationDays: 1, status: "completed" });
    const noticesAbout = (jobId: string) =>
      t.db
        .select({ payload: notifications.payload })
        .from(notifications)
        .where(and(eq(notifications.userId, owner.id), sql`${notifications.payload} ->> 'jobId' = ${jobId}`));

    expect(await askToCompleteEndedJobs(t.db, t.services.queue, TASHKENT_MIDNIGHT_PAST)).toBeGreaterThanOrEqual(1);
    const [notice] = await noticesAbout(tashkent.id);
    const payload = notice?.payload as NotificationPayload;
    expect(payload).toEqual({ kind: "job_ended", jobId: tashkent.id, jobTitle: tashkent.title });
    expect(notificationPath(payload)).toBe(`/jobs/${tashkent.id}`);
    // Moscow's day is not over yet; a completed job is nobody's business.
    expect(await noticesAbout(moscow.id)).toEqual([]);
    expect(await noticesAbout(done.id)).toEqual([]);
    // Again, or on another instance: nothing new.
    expect(await askToCompleteEndedJobs(t.db, t.services.queue, TASHKENT_MIDNIGHT_PAST)).toBe(0);
    expect(await noticesAbout(tashkent.id)).toHaveLength(1);
    // Once Moscow's day is over, its owner is asked too, once.
    const later = new Date("2030-03-01T21:00:00Z");
    await askToCompleteEndedJobs(t.db, t.services.queue, later);
    await askToCompleteEndedJobs(t.db, t.services.queue, later);
    expect(await noticesAbout(moscow.id)).toHaveLength(1);
    expect(await noticesAbout(tashkent.id)).toHaveLength(1);
    // Delivered by mail in the owner's language (Russian).
    await t.runBackground();
    const mails = await readMails();
    expect(mails.some((m) => m.includes("Дни работы прошли") && m.includes(tashkent.title))).toBe(true);
  });
});

async function readMails(): Promise<string[]> {
  const files = await readdir(t.mailDir);
  return Promise.all(files.map((f) => readFile(path.join(t.mailDir, f), "utf8")));
}
