import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createCertificate } from "../../db/factories/certificates.ts";
import { createAcceptedApplication } from "../../db/factories/hiring.ts";
import { createApplication, createJob } from "../../db/factories/jobs.ts";
import { createRating } from "../../db/factories/ratings.ts";
import { createEmployer, createWorker } from "../../db/factories/users.ts";
import { conversationParticipants, conversations, jobApplications, jobs, reliabilityEvents } from "../../db/schema/index.ts";
import { ERR } from "../../domain/errors.ts";
import { LIMITS } from "../../domain/limits.ts";
import { signUpMember } from "../testing/accounts.ts";
import { expectRefusal } from "../testing/refusal.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MISSING_ID = "00000000-0000-4000-8000-000000000000";

async function applicationsOf(jobId: string) {
  return t.db.select().from(jobApplications).where(eq(jobApplications.jobId, jobId));
}

async function jobRow(jobId: string) {
  const [row] = await t.db.select().from(jobs).where(eq(jobs.id, jobId));
  if (!row) throw new Error("job vanished");
  return row;
}

async function groupMembers(jobId: string) {
  const rows = await t.db
    .select({ userId: conversationParticipants.userId })
    .from(conversationParticipants)
    .innerJoin(conversations, eq(conversations.id, conversationParticipants.conversationId))
    .where(and(eq(conversations.jobId, jobId), eq(conversations.kind, "group")));
  return rows.map((r) => r.userId).sort();
}

describe("applications.submit", () => {
  it("lets a worker apply once with an optional message, trimmed, and shows it as pending", async () => {
    const owner = await createEmployer(t.db);
    const worker = await createWorker(t.db);
    const job = await createJob(t.db, owner.id);
    const me = t.callerAs(worker.id);
    expect(await me.applications.mine({ jobId: job.id })).toEqual({
      status: "none",
      applicationId: null,
      appliedAt: null,
      days: null,
      fullDays: [],
      lateWithdrawal: null,
      invitation: null,
    });

    const application = await me.applications.submit({ jobId: job.id, message: "  I have done this before.  " });
    expect(application).toMatchObject({ jobId: job.id, status: "pending", message: "I have done this before." });
    const mine = await me.applications.mine({ jobId: job.id });
    expect(mine).toMatchObject({ status: "pending", applicationId: application.id });
    expect(mine.appliedAt).toBeInstanceOf(Date);

    const other = await createWorker(t.db);
    const blank = await t.callerAs(other.id).applications.submit({ jobId: job.id, message: "   " });
    expect(blank.message).toBeNull();
    const none = await t.callerAs((await createWorker(t.db)).id).applications.submit({ jobId: job.id });
    expect(none.message).toBeNull();
    expect(await applicationsOf(job.id)).toHaveLength(3);
  });

  it("refuses an anonymous visitor", async () => {
    const job = await createJob(t.db, (await createEmployer(t.db)).id);
    await expectRefusal(t.callerAs(null).applications.submit({ jobId: job.id }), "UNAUTHORIZED", ERR.unauthorized);
    expect(await applicationsOf(job.id)).toEqual([]);
  });

  it("refuses the owner applying to their own job", async () => {
    const owner = await createEmployer(t.db);
    const job = await createJob(t.db, owner.id);
    await expectRefusal(t.callerAs(owner.id).applications.submit({ jobId: job.id }), "FORBIDDEN", ERR.cannotApplyOwnJob);
    // Also when the owner has switched their account to a worker's.
    const switched = await createWorker(t.db);
    const ownJob = await createJob(t.db, switched.id);
    await expectRefusal(t.callerAs(switched.id).applications.submit({ jobId: ownJob.id }), "FORBIDDEN", ERR.cannotApplyOwnJob);
    expect([...(await applicationsOf(job.id)), ...(await applicationsOf(ownJob.id))]).toEqual([]);
  });

  it("refuses an employer account applying to someone else's job", async () => {
    const job = await createJob(t.db, (await createEmployer(t.db)).id);
    const employer = await createEmployer(t.db);
    await expectRefusal(t.callerAs(employer.id).applications.submit({ jobId: job.id }), "FORBIDDEN", ERR.applyWorkersOnly);
    expect(await applicationsOf(job.id)).toEqual([]);
  });

  it("refuses applying twice, also when both requests race", async () => {
    const job = await createJob(t.db, (await createEmployer(t.db)).id);
    const worker = await createWorker(t.db);
    const me = t.callerAs(worker.id);
    await me.applications.submit({ jobId: job.id });
    await expectRefusal(me.applications.submit({ jobId: job.id, message: "again" }), "CONFLICT", ERR.alreadyApplied);

    const racer = await createWorker(t.db);
    const results = await Promise.allSettled([
      t.callerAs(racer.id).applications.submit({ jobId: job.id }),
      t.callerAs(racer.id).applications.submit({ jobId: job.id }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected");
    expect(refused?.status === "rejected" && refused.reason).toMatchObject({ code: "CONFLICT", message: ERR.alreadyApplied });
    expect(await applicationsOf(job.id)).toHaveLength(2);
  });

  it.each(["in_progress", "completed", "cancelled"] as const)("refuses a job that is %s", async (status) => {
    const job = await createJob(t.db, (await createEmployer(t.db)).id, { status });
    const worker = await createWorker(t.db);
    await expectRefusal(t.callerAs(worker.id).applications.submit({ jobId: job.id }), "CONFLICT", ERR.jobNotOpen);
    expect(await applicationsOf(job.id)).toEqual([]);
  });

  it("answers a missing or malformed job id as not found", async () => {
    const me = t.callerAs((await createWorker(t.db)).id);
    await expectRefusal(me.applications.submit({ jobId: MISSING_ID }), "NOT_FOUND", ERR.jobNotFound);
    await expectRefusal(me.applications.submit({ jobId: "not-a-uuid" }), "BAD_REQUEST", ERR.jobNotFound);
  });

  it("refuses a message over 2000 characters and writes nothing", async () => {
    const job = await createJob(t.db, (await createEmployer(t.db)).id);
    const me = t.callerAs((await createWorker(t.db)).id);
    await expectRefusal(
      me.applications.submit({ jobId: job.id, message: "m".repeat(LIMITS.message + 1) }),
      "BAD_REQUEST",
      ERR.applicationMessageTooLong,
    );
    expect(await applicationsOf(job.id)).toEqual([]);
    await me.applications.submit({ jobId: job.id, message: "m".repeat(LIMITS.message) });
    expect(await applicationsOf(job.id)).toHaveLength(1);
  });

  it("answers over HTTP with the message key and status code, never a 500", async () => {
    const account = await signUpMember(t);
    const job = await createJob(t.db, (await createEmployer(t.db)).id);
    const post = (payload: unknown) =>
      t.app.inject({
        method: "POST",
        url: "/api/trpc/applications.submit",
        headers: { cookie: account.cookie, "content-type": "application/json", origin: t.config.publicUrl },
        payload: JSON.stringify({ json: payload }),
      });
    expect((await post({ jobId: job.id })).statusCode).toBe(200);
    const twice = await post({ jobId: job.id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({
      error: { json: { message: "You have already applied to this job", data: { messageKey: ERR.alreadyApplied } } },
    });
    const tooLong = await post({ jobId: job.id, message: "x".repeat(2001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ error: { json: { data: { messageKey: ERR.applicationMessageTooLong } } } });
  });
});

describe("applications.mine", () => {
  it("shows each status to its worker only", async () => {
    const owner = await createEmployer(t.db);
    const job = await createJob(t.db, owner.id);
    const [accepted, rejected] = [await createWorker(t.db), await createWorker(t.db)];
    await createAcceptedApplication(t.db, job.id, accepted.id);
    // Rejected an hour ago: past the owner's undo window, so the worker sees it (server/applications/reject-undo.test.ts).
    await createApplication(t.db, job.id, rejected.id, { status: "rejected", updatedAt: new Date(Date.now() - 3_600_000) });
    expect(await t.callerAs(accepted.id).applications.mine({ jobId: job.id })).toMatchObject({ status: "accepted" });
    expect(await t.callerAs(rejected.id).applications.mine({ jobId: job.id })).toMatchObject({ status: "rejected" });
    expect(await t.callerAs(owner.id).applications.mine({ jobId: job.id })).toMatchObject({ status: "none" });
    await expectRefusal(t.callerAs(null).applications.mine({ jobId: job.id }), "UNAUTHORIZED", ERR.unauthorized);
  });
});

describe("applications.forJob", () => {
  it("lists the owner's applications with worker details, rating and capacity, pending first", async () => {
    const owner = await createEmployer(t.db);
    const job = await createJob(t.db, owner.id, { maxWorkers: 3 });
    const rated = await createWorker(t.db, { fullName: "Rated Worker", bio: "Strong and careful", location: "Kazan" });
    const fresh = await createWorker(t.db, { fullName: "Fresh Worker" });
    // Reviews from two earlier jobs by other employers: 5 and 4 stars.
    for (const stars of [5, 4]) {
      const earlierOwner = await createEmployer(t.db);
      const earlier = await createJob(t.db, earlierOwner.id, { status: "completed" });
      await createRating(t.db, { jobId: earlier.id, fromUserId: earlierOwner.id, toUserId: rated.id, rating: stars });
    }
    await t.callerAs(rated.id).applications.submit({ jobId: job.id, message: "Pick me" });
    const accepted = await createWorker(t.db);
    await createAcceptedApplication(t.db, job.id, accepted.id);
    await t.callerAs(fresh.id).applications.submit({ jobId: job.id });

    const result = await t.callerAs(owner.id).applications.forJob({ jobId: job.id });
    expect(result.job).toEqual({
      id: job.id,
      title: job.title,
      status: "open",
      maxWorkers: 3,
      acceptedCount: 1,
      startDate: job.startDate,
      durationDays: job.durationDays,
      partialDays: false,
      payMode: "direct",
    });
    // Each day of the job with its hired workers (capacity is per day).
    expect(result.days.map((d) => d.accepted)).toEqual(Array.from({ length: job.durationDays }, () => 1));
    expect(result.applications.map((a) => a.status)).toEqual(["pending", "pending", "accepted"]);
    const ratedRow = result.applications.find((a) => a.worker.id === rated.id);
    expect(ratedRow).toMatchObject({
      status: "pending",
      message: "Pick me",
      worker: { fullName: "Rated Worker", bio: "Strong and careful", location: "Kazan", rating: { average: 4.5, count: 2 } },
    });
    expect(ratedRow?.createdAt).toBeInstanceOf(Date);
    expect(result.applications.find((a) => a.worker.id === fresh.id)?.worker).toMatchObject({
      rating: { average: null, count: 0 },
    });
  });

  it("answers each applicant's reliability figures and certificates with the list (no request per card)", async () => {
    const owner = await createEmployer(t.db);
    const job = await createJob(t.db, owner.id, { maxWorkers: 2 });
    const [steady, fresh] = [await createWorker(t.db), await createWorker(t.db)];
    const earlier = await createJob(t.db, (await createEmployer(t.db)).id, { status: "completed" });
    await t.db.insert(reliabilityEvents).values({
      userId: steady.id,
      jobId: earlier.id,
      kind: "no_show",
      role: "worker",
      onDate: earlier.startDate,
      createdAt: new Date(),
    });
    const certificate = await createCertificate(t.db, steady.id, { fileName: "Forklift licence.pdf" });
    await createApplication(t.db, job.id, steady.id);
    await createApplication(t.db, job.id, fresh.id);

    const result = await t.callerAs(owner.id).applications.forJob({ jobId: job.id });
    const steadyWorker = result.applications.find((a) => a.worker.id === steady.id)?.worker;
    expect(steadyWorker?.reliability).toEqual({
      role: "worker",
      shiftsCompleted: 0,
      timedShifts: 0,
      onTimeShifts: 0,
      lateCancellations: 0,
      noShows: 1,
      activeStrikes: 1,
    });
    expect(steadyWorker?.certificates).toEqual([
      { id: certificate.id, fileName: "Forklift licence.pdf", fileSize: 1024, createdAt: certificate.createdAt },
    ]);
    const freshWorker = result.applications.find((a) => a.worker.id === fresh.id)?.worker;
    expect(freshWorker).toMatchObject({ certificates: [], reliability: { noShows: 0, activeStrikes: 0 } });
  });

  it("denies everyone but the owner", async () => {
    const owner = await createEmployer(t.db);
    const job = await createJob(t.db, owner.id);
    const applicant = await createWorker(t.db);
    await createApplication(t.db, job.id, applicant.id);
    const others = [applicant, await createWorker(t.db), await createEmployer(t.db)];
    for (const other of others) {
      await expectRefusal(t.callerAs(other.id).applications.forJob({ jobId: job.id }), "FORBIDDEN", ERR.applicationsAccessDenied);
    }
    await expectRefusal(t.callerAs(null).applications.forJob({ jobId: job.id }), "UNAUTHORIZED", ERR.unauthorized);
    // An unknown job looks the same as someone else's.
    await expectRefusal(
      t.callerAs(owner.id).applications.forJob({ jobId: MISSING_ID }),
      "FORBIDDEN",
      ERR.applicationsAccessDenied,
    );
  });
});

describe("applications.accept and reject", () => {
  async function pendingApplication(
    input: { maxWorkers?: number; status?: "open" | "in_progress" | "completed" | "cancelled" } = {},
  ) {
    const owner = await createEmployer(t.db);
    const job = await createJob(t.db, owner.id, input);
    const worker = await createWorker(t.db);
    const application = await createApplication(t.db, job.id, worker.id);
    return { owner, job, worker, application };
  }

  it("accepts a pending application, counts it and adds owner and worker to the group chat", async () => {
    const { owner, job, worker, application } = await pendingApplication();
    const result = await t.callerAs(owner.id).applications.accept({ applicationId: application.id });
    expect(result).toMatchObject({
      id: application.id,
      status: "accepted",
      jobId: job.id,
      workerId: worker.id,
      acceptedCount: 1,
      maxWorkers: 2,
    });
    expect((await jobRow(job.id)).acceptedCount).toBe(1);
    expect(await groupMembers(job.id)).toEqual([owner.id, worker.id].sort());
    expect(await t.callerAs(worker.id).applications.mine({ jobId: job.id })).toMatchObject({ status: "accepted" });
  });

  it("creates the group conversation on the first accept and reuses it afterwards", async () => {
    const owner = await createEmployer(t.db);
    const job = await createJob(t.db, owner.id, { maxWorkers: 3 });
    const workers = [await createWorker(t.db), await createWorker(t.db), await createWorker(t.db)];
    const applications = [];
    for (const w of workers) applications.push(await createApplication(t.db, job.id, w.id));
    expect(await t.db.$count(conversations, eq(conversations.jobId, job.id))).toBe(0);

    const ids = [];
    for (const a of applications)
      ids.push((await t.callerAs(owner.id).applications.accept({ applicationId: a.id })).conversationId);
    expect(new Set(ids).size).toBe(1);
    expect(await t.db.$count(conversations, eq(conversations.jobId, job.id))).toBe(1);
    expect(await groupMembers(job.id)).toEqual([owner.id, ...workers.map((w) => w.id)].sort());
  });

  it("refuses anyone but the owner and changes nothing", async () => {
    const { job, worker, application } = await pendingApplication();
    const others = [worker, await createWorker(t.db), await createEmployer(t.db)];
    for (const other of others) {
      const caller = t.callerAs(other.id);
      await expectRefusal(
        caller.applications.accept({ applicationId: application.id }),
        "FORBIDDEN",
        ERR.applicationsAccessDenied,
      );
      await expectRefusal(
        caller.applications.reject({ applicationId: application.id }),
        "FORBIDDEN",
        ERR.applicationsAccessDenied,
      );
    }
    const anonymous = t.callerAs(null);
    await expectRefusal(anonymous.applications.accept({ applicationId: application.id }), "UNAUTHORIZED", ERR.unauthorized);
    await expectRefusal(anonymous.applications.reject({ applicationId: application.id }), "UNAUTHORIZED", ERR.unauthorized);
    expect((await applicationsOf(job.id)).map((a) => a.status)).toEqual(["pending"]);
    expect((await jobRow(job.id)).acceptedCount).toBe(0);
    expect(await groupMembers(job.id)).toEqual([]);
  });

  it("answers an unknown application like someone else's", async () => {
    const owner = await createEmployer(t.db);
    await expectRefusal(
      t.callerAs(owner.id).applications.accept({ applicationId: MISSING_ID }),
      "FORBIDDEN",
      ERR.applicationsAccessDenied,
    );
    await expectRefusal(t.callerAs(owner.id).applications.reject({ applicationId: "nope" }), "BAD_REQUEST", ERR.notFound);
  });

  it("refuses to accept or reject an application that is no longer pending", async () => {
    const { owner, job, application } = await pendingApplication();
    const caller = t.callerAs(owner.id);
    await caller.applications.accept({ applicationId: application.id });
    await expectRefusal(caller.applications.accept({ applicationId: application.id }), "CONFLICT", ERR.applicationNotPending);
    await expectRefusal(caller.applications.reject({ applicationId: application.id }), "CONFLICT", ERR.applicationNotPending);
    expect((await jobRow(job.id)).acceptedCount).toBe(1);

    const rejected = await createApplication(t.db, job.id, (await createWorker(t.db)).id, { status: "rejected" });
    await expectRefusal(caller.applications.accept({ applicationId: rejected.id }), "CONFLICT", ERR.applicationNotPending);
    await expectRefusal(caller.applications.reject({ applicationId: rejected.id }), "CONFLICT", ERR.applicationNotPending);
    expect((await jobRow(job.id)).acceptedCount).toBe(1);
  });

  it("refuses to accept past max_workers and leaves the application pending", async () => {
    const { owner, job, application } = await pendingApplication({ maxWorkers: 1 });
    const late = await createApplication(t.db, job.id, (await createWorker(t.db)).id);
    const caller = t.callerAs(owner.id);
    await caller.applications.accept({ applicationId: application.id });
    await expectRefusal(caller.applications.accept({ applicationId: late.id }), "CONFLICT", ERR.positionsFilled);
    const [row] = await t.db.select().from(jobApplications).where(eq(jobApplications.id, late.id));
    expect(row?.status).toBe("pending");
    expect((await jobRow(job.id)).acceptedCount).toBe(1);
    expect(await groupMembers(job.id)).toHaveLength(2);
    // Rejecting the late one is still possible.
    expect(await caller.applications.reject({ applicationId: late.id })).toMatchObject({ status: "rejected" });
  });

  it("accepts while the job is in progress but not once it is completed or cancelled", async () => {
    const running = await pendingApplication({ status: "in_progress" });
    await t.callerAs(running.owner.id).applications.accept({ applicationId: running.application.id });
    expect((await jobRow(running.job.id)).acceptedCount).toBe(1);
    for (const status of ["completed", "cancelled"] as const) {
      const { owner, job, application } = await pendingApplication({ status });
      await expectRefusal(
        t.callerAs(owner.id).applications.accept({ applicationId: application.id }),
        "CONFLICT",
        ERR.jobNotHiring,
      );
      expect((await jobRow(job.id)).acceptedCount).toBe(0);
      expect((await applicationsOf(job.id)).map((a) => a.status)).toEqual(["pending"]);
    }
  });

  it("rejects a pending application without touching capacity or the chat", async () => {
    const { owner, job, worker, application } = await pendingApplication();
    expect(await t.callerAs(owner.id).applications.reject({ applicationId: application.id })).toMatchObject({
      id: application.id,
      status: "rejected",
    });
    // The worker is told only once the owner can no longer undo it: until then it reads as pending.
    expect(await t.callerAs(worker.id).applications.mine({ jobId: job.id })).toMatchObject({ status: "pending" });
    expect((await jobRow(job.id)).acceptedCount).toBe(0);
    expect(await groupMembers(job.id)).toEqual([]);
  });
});
