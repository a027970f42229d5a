import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createApplication, createJob, dateFromToday } from "../../db/factories/jobs.ts";
import { createEmployer, createWorker } from "../../db/factories/users.ts";
import { REJECTION_UNDO_SECONDS } from "../../domain/applications.ts";
import { ERR } from "../../domain/errors.ts";
import type { MyJobsInput } from "../../domain/my-jobs.ts";
import type { PageCursor } from "../../domain/page-cursor.ts";
import { signUp } from "../testing/accounts.ts";
import { expectRefusal } from "../testing/refusal.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { markApplicationsSeen } from "./my-jobs.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

async function everyPage(userId: string, input: Omit<MyJobsInput, "cursor"> = {}) {
  const caller = t.callerAs(userId);
  const items = [];
  let cursor: PageCursor | null = null;
  for (let guard = 0; guard < 20; guard++) {
    const page = await caller.jobs.mine({ ...input, cursor });
    items.push(...page.items);
    if (!page.nextCursor) return items;
    cursor = page.nextCursor;
  }
  throw new Error("pagination did not end");
}

describe("jobs.mine for employers", () => {
  it("lists the employer's own jobs of every status, newest first, across pages, and nobody else's", async () => {
    const employer = await createEmployer(t.db);
    const other = await createEmployer(t.db);
    await createJob(t.db, other.id, { title: "Someone else's job" });
    const made = [];
    for (let i = 0; i < 23; i++) {
      made.push(
        await createJob(t.db, employer.id, {
          title: `Mine ${i}`,
          createdAt: minutesAgo(100 - i),
          status: i % 4 === 0 ? "completed" : "open",
        }),
      );
    }
    const first = await t.callerAs(employer.id).jobs.mine({});
    expect(first.view).toBe("posted");
    expect(first.items).toHaveLength(20);
    const all = await everyPage(employer.id);
    expect(all.map((j) => j.title)).toEqual(made.map((j) => j.title).reverse());
    expect(all.every((j) => j.applicationStatus === null)).toBe(true);
    expect(all.find((j) => j.title === "Mine 0")).toMatchObject({
      status: "completed",
      maxWorkers: 2,
      hourlyRate: 500,
      currency: "RUB",
      applicants: { total: 0, pending: 0, new: 0 },
    });
  });

  it("is empty for an employer who posted nothing", async () => {
    const fresh = await createEmployer(t.db);
    expect(await t.callerAs(fresh.id).jobs.mine({})).toEqual({ view: "posted", tab: null, items: [], nextCursor: null });
  });

  it("splits posted jobs into tabs by status, soonest start first (Past latest first), across pages", async () => {
    const employer = await createEmployer(t.db);
    const statuses = ["open", "in_progress", "completed", "cancelled"] as const;
    for (let i = 0; i < 28; i++) {
      await createJob(t.db, employer.id, {
        title: `Tab job ${i}`,
        status: statuses[i % 4],
        // Several jobs share a start date: the id settles their order, and pages neither repeat nor skip.
        // None starts today, even east of UTC: an open job whose first shift has begun is in progress (048).
        startDate: dateFromToday(2 + ((i * 7) % 10)),
      });
    }
    const upcoming = await everyPage(employer.id, { view: "posted", tab: "upcoming" });
    const inProgress = await everyPage(employer.id, { view: "posted", tab: "in_progress" });
    const past = await everyPage(employer.id, { view: "posted", tab: "past" });
    expect(upcoming.map((j) => j.status)).toEqual(Array(7).fill("open"));
    expect(inProgress.map((j) => j.status)).toEqual(Array(7).fill("in_progress"));
    expect(new Set(past.map((j) => j.status))).toEqual(new Set(["completed", "cancelled"]));
    expect(past).toHaveLength(14);
    const key = (j: { startDate: string; id: string }) => `${j.startDate} ${j.id}`;
    expect(upcoming.map(key)).toEqual(upcoming.map(key).sort());
    expect(past.map(key)).toEqual(past.map(key).sort().reverse());
    // More than a page: Past is 14 here, so page through it with a page of 20 by making it longer.
    for (let i = 0; i < 10; i++) {
      await createJob(t.db, employer.id, { title: `Old ${i}`, status: "completed", startDate: dateFromToday(-i) });
    }
    const longPast = await everyPage(employer.id, { view: "posted", tab: "past" });
    expect(longPast).toHaveLength(24);
    expect(new Set(longPast.map((j) => j.id)).size).toBe(24);
    expect(longPast.map(key)).toEqual(longPast.map(key).sort().reverse());
  });

  it("counts each job's applicants, and those new since the owner last opened its applications page", async () => {
    const employer = await createEmployer(t.db);
    const job = await createJob(t.db, employer.id, { title: "Counted job" });
    await createJob(t.db, employer.id, { title: "Quiet job" });
    const [a, b, c] = [await createWorker(t.db), await createWorker(t.db), await createWorker(t.db)];
    await createApplication(t.db, job.id, a.id, { status: "accepted", createdAt: minutesAgo(30) });
    await createApplication(t.db, job.id, b.id, { createdAt: minutesAgo(20) });
    const owner = t.callerAs(employer.id);
    const counts = async () => {
      const page = await owner.jobs.mine({ view: "posted", tab: "upcoming" });
      return Object.fromEntries(page.items.map((j) => [j.title, j.applicants]));
    };
    expect(await counts()).toEqual({
      "Counted job": { total: 2, pending: 1, new: 2 },
      "Quiet job": { total: 0, pending: 0, new: 0 },
    });
    expect((await owner.jobs.mineSummary()).newApplications).toBe(2);

    expect(await owner.jobs.markApplicationsSeen({ jobId: job.id })).toHaveProperty("seenAt");
    expect((await counts())["Counted job"]).toEqual({ total: 2, pending: 1, new: 0 });
    await createApplication(t.db, job.id, c.id);
    expect((await counts())["Counted job"]).toEqual({ total: 3, pending: 2, new: 1 });
    expect((await owner.jobs.mineSummary()).newApplications).toBe(1);
  });
});

describe("jobs.markApplicationsSeen", () => {
  it("is the owner's only: anyone else, and a job that does not exist, get the same Access Denied and mark nothing", async () => {
    const employer = await createEmployer(t.db);
    const job = await createJob(t.db, employer.id);
    const applicant = await createWorker(t.db);
    await createApplication(t.db, job.id, applicant.id);
    const otherEmployer = await createEmployer(t.db);
    const half = await signUp(t);
    for (const who of [otherEmployer.id, applicant.id, half.id]) {
      await expectRefusal(
        t.callerAs(who).jobs.markApplicationsSeen({ jobId: job.id }),
        "FORBIDDEN",
        ERR.applicationsAccessDenied,
      );
    }
    await expectRefusal(
      t.callerAs(employer.id).jobs.markApplicationsSeen({ jobId: "00000000-0000-4000-8000-000000000000" }),
      "FORBIDDEN",
      ERR.applicationsAccessDenied,
    );
    await expectRefusal(t.callerAs(null).jobs.markApplicationsSeen({ jobId: job.id }), "UNAUTHORIZED", ERR.unauthorized);
    // Still new for the owner: nobody else's visit counted.
    const page = await t.callerAs(employer.id).jobs.mine({ view: "posted" });
    expect(page.items[0]?.applicants).toEqual({ total: 1, pending: 1, new: 1 });
  });

  it("never moves back", async () => {
    const employer = await createEmployer(t.db);
    const job = await createJob(t.db, employer.id);
    const worker = await createWorker(t.db);
    await createApplication(t.db, job.id, worker.id, { createdAt: minutesAgo(5) });
    await t.callerAs(employer.id).jobs.markApplicationsSeen({ jobId: job.id });
    // A late write from a slower request: the later visit stands.
    await markApplicationsSeen(t.db, { ownerId: employer.id, jobId: job.id, now: minutesAgo(60) });
    const page = await t.callerAs(employer.id).jobs.mine({ view: "posted" });
    expect(page.items[0]?.applicants?.new).toBe(0);
  });
});

describe("jobs.mine for workers", () => {
  it("lists the jobs the worker applied to with the application's status, latest application first", async () => {
    const employer = await createEmployer(t.db);
    const worker = await createWorker(t.db);
    const otherWorker = await createWorker(t.db);
    const older = await createJob(t.db, employer.id, { title: "Applied first", createdAt: minutesAgo(1) });
    const newer = await createJob(t.db, employer.id, {
      title: "Applied second",
      createdAt: minutesAgo(50),
      status: "in_progress",
    });
    const ignored = await createJob(t.db, employer.id, { title: "Only the other worker applied" });
    await createApplication(t.db, older.id, worker.id, { status: "accepted", createdAt: minutesAgo(30) });
    await createApplication(t.db, newer.id, worker.id, { status: "pending", createdAt: minutesAgo(5) });
    await createApplication(t.db, ignored.id, otherWorker.id);
    const page = await t.callerAs(worker.id).jobs.mine({});
    expect(page.view).toBe("applied");
    expect(page.items.map((j) => [j.title, j.applicationStatus, j.status, j.applicants])).toEqual([
      ["Applied second", "pending", "in_progress", null],
      ["Applied first", "accepted", "open", null],
    ]);
  });

  it("pages through more than 20 applications without repeats", async () => {
    const employer = await createEmployer(t.db);
    const worker = await createWorker(t.db);
    const same = new Date("2025-03-03T03:03:03Z");
    for (let i = 0; i < 21; i++) {
      const job = await createJob(t.db, employer.id, { title: `Application ${i}` });
      await createApplication(t.db, job.id, worker.id, { createdAt: same });
    }
    const all = await everyPage(worker.id);
    expect(all).toHaveLength(21);
    expect(new Set(all.map((j) => j.id)).size).toBe(21);
  });

  it("puts a final rejection in Past, while one the owner may still undo reads as pending where it was", async () => {
    const employer = await createEmployer(t.db);
    const worker = await createWorker(t.db);
    const job = (title: string, status: "open" | "in_progress" | "completed" = "open", days = 3) =>
      createJob(t.db, employer.id, { title, status, startDate: dateFromToday(days) });
    // Two days ahead at the nearest: after 21:00 UTC tomorrow (UTC) is today in Moscow.
    const soon = await job("Soon", "open", 2);
    const later = await job("Later", "open", 5);
    const underWay = await job("Under way", "in_progress", 0);
    const done = await job("Done", "completed", -3);
    const turnedDown = await job("Turned down");
    const justTurnedDown = await job("Just turned down");
    await createApplication(t.db, later.id, worker.id);
    await createApplication(t.db, soon.id, worker.id);
    await createApplication(t.db, underWay.id, worker.id, { status: "accepted" });
    await createApplication(t.db, done.id, worker.id, { status: "accepted" });
    const longAgo = new Date(Date.now() - (REJECTION_UNDO_SECONDS + 60) * 1000);
    await createApplication(t.db, turnedDown.id, worker.id, { status: "rejected", updatedAt: longAgo });
    await createApplication(t.db, justTurnedDown.id, worker.id, { status: "rejected", updatedAt: new Date() });

    const titles = async (tab: "upcoming" | "in_progress" | "past") =>
      (await everyPage(worker.id, { view: "applied", tab })).map((j) => [j.title, j.applicationStatus]);
    expect(await titles("upcoming")).toEqual([
      ["Soon", "pending"],
      ["Just turned down", "pending"],
      ["Later", "pending"],
    ]);
    expect(await titles("in_progress")).toEqual([["Under way", "accepted"]]);
    expect(await titles("past")).toEqual([
      ["Turned down", "rejected"],
      ["Done", "accepted"],
    ]);
    expect((await t.callerAs(worker.id).jobs.mineSummary()).applied).toEqual({ upcoming: 3, in_progress: 1, past: 2 });
  });

  it("puts an application the worker withdrew in Past, whatever its job's status (docs/decisions/035)", async () => {
    const employer = await createEmployer(t.db);
    const worker = await createWorker(t.db);
    const open = await createJob(t.db, employer.id, { title: "Left open", startDate: dateFromToday(2) });
    const underWay = await createJob(t.db, employer.id, {
      title: "Left under way",
      status: "in_progress",
      startDate: dateFromToday(0),
    });
    await createApplication(t.db, open.id, worker.id, { status: "withdrawn" });
    await createApplication(t.db, underWay.id, worker.id, { status: "withdrawn" });
    const tab = async (name: "upcoming" | "in_progress" | "past") =>
      (await everyPage(worker.id, { view: "applied", tab: name })).map((j) => [j.title, j.applicationStatus]);
    expect(await tab("upcoming")).toEqual([]);
    expect(await tab("in_progress")).toEqual([]);
    expect((await tab("past")).sort()).toEqual([
      ["Left open", "withdrawn"],
      ["Left under way", "withdrawn"],
    ]);
    expect((await t.callerAs(worker.id).jobs.mineSummary()).applied).toEqual({ upcoming: 0, in_progress: 0, past: 2 });
  });
});

describe("nothing a person posted is lost to their account type", () => {
  it("a worker who posted jobs finds them in /my-jobs (by default while they applied nowhere) and in the counts", async () => {
    const worker = await createWorker(t.db);
    const employer = await createEmployer(t.db);
    const posted = await createJob(t.db, worker.id, { title: "Posted by a worker" });
    const me = t.callerAs(worker.id);
    const landing = await me.jobs.mine({ tab: "upcoming" });
    expect(landing.view).toBe("posted");
    expect(landing.items.map((j) => j.id)).toEqual([posted.id]);

    // Once they apply somewhere, they land on their applications, and the posted view still has the job.
    const elsewhere = await createJob(t.db, employer.id, { title: "Someone's job" });
    await createApplication(t.db, elsewhere.id, worker.id);
    expect((await me.jobs.mine({})).view).toBe("applied");
    expect((await me.jobs.mine({ view: "posted" })).items.map((j) => j.title)).toEqual(["Posted by a worker"]);
    expect(await me.jobs.mineSummary()).toEqual({
      posted: { upcoming: 1, in_progress: 0, past: 0 },
      applied: { upcoming: 1, in_progress: 0, past: 0 },
      newApplications: 0,
    });

    // Someone who applied as a worker and is an employer now lands on that application (they posted nothing).
    const switched = await createEmployer(t.db);
    await createApplication(t.db, posted.id, switched.id);
    const employerLanding = await t.callerAs(switched.id).jobs.mine({});
    expect(employerLanding.view).toBe("applied");
    expect(employerLanding.items.map((j) => j.title)).toEqual(["Posted by a worker"]);
  });

  it("shows nobody else's jobs or applications, in lists or counts", async () => {
    const owner = await createEmployer(t.db);
    const worker = await createWorker(t.db);
    const stranger = await createWorker(t.db);
    const job = await createJob(t.db, owner.id);
    await createApplication(t.db, job.id, worker.id);
    const them = t.callerAs(stranger.id);
    expect((await them.jobs.mine({ view: "posted" })).items).toEqual([]);
    expect((await them.jobs.mine({ view: "applied" })).items).toEqual([]);
    expect(await them.jobs.mineSummary()).toEqual({
      posted: { upcoming: 0, in_progress: 0, past: 0 },
      applied: { upcoming: 0, in_progress: 0, past: 0 },
      newApplications: 0,
    });
  });

  it("refuses a tab or view it does not know with a translated message", async () => {
    const worker = await createWorker(t.db);
    const mine = t.callerAs(worker.id).jobs.mine as (input: unknown) => Promise<unknown>;
    await expectRefusal(mine({ tab: "someday" }), "BAD_REQUEST", ERR.filterInvalid);
    await expectRefusal(mine({ view: "everything" }), "BAD_REQUEST", ERR.filterInvalid);
  });
});
