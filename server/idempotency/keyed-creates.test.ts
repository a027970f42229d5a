import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createAcceptedApplication } from "../../db/factories/hiring.ts";
import { createJob } from "../../db/factories/jobs.ts";
import { createEmployer, createWorker } from "../../db/factories/users.ts";
import { idempotentRequests, jobApplications, jobs, notifications, ratings } from "../../db/schema/index.ts";
import { ERR } from "../../domain/errors.ts";
import { validJobInput } from "../jobs/job-test-kit.ts";
import { expectRefusal } from "../testing/refusal.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { sweepIdempotentAnswers } from "./sweep.ts";

// Every keyed create (docs/decisions/063), on the database the suite runs on: resent, raced, reused with
// other input, and the same key from another person.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const newKey = () => randomUUID();

async function applicationsOf(jobId: string) {
  return t.db.select().from(jobApplications).where(eq(jobApplications.jobId, jobId));
}

async function noticesOf(userId: string) {
  return t.db.select().from(notifications).where(eq(notifications.userId, userId));
}

async function jobsOf(employerId: string) {
  return t.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.employerId, employerId));
}

describe("applications.submit with an idempotency key", () => {
  it("answers a resend with the first application: one row, one notice to the owner", async () => {
    const owner = await createEmployer(t.db);
    const worker = await createWorker(t.db);
    const job = await createJob(t.db, owner.id);
    const me = t.callerAs(worker.id);
    const input = { jobId: job.id, message: "I can start early.", idempotencyKey: newKey() };
    const first = await me.applications.submit(input);
    const again = await me.applications.submit(input);
    expect(again).toEqual(first);
    expect(again.createdAt).toBeInstanceOf(Date);
    expect(await applicationsOf(job.id)).toHaveLength(1);
    expect((await noticesOf(owner.id)).filter((n) => n.kind === "application_received")).toHaveLength(1);
    // Without a key a second application is still refused as before (older tabs).
    await expectRefusal(me.applications.submit({ jobId: job.id }), "CONFLICT", ERR.alreadyApplied);
  });

  it("answers sends racing with one key with one application", async () => {
    const owner = await createEmployer(t.db);
    const worker = await createWorker(t.db);
    const job = await createJob(t.db, owner.id);
    const input = { jobId: job.id, message: "Racing", idempotencyKey: newKey() };
    const answers = await Promise.all(Array.from({ length: 4 }, () => t.callerAs(worker.id).applications.submit(input)));
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    expect(await applicationsOf(job.id)).toHaveLength(1);
  });

  it("refuses the same key with another message, and stores nothing for it", async () => {
    const owner = await createEmployer(t.db);
    const worker = await createWorker(t.db);
    const [job, other] = [await createJob(t.db, owner.id), await createJob(t.db, owner.id)];
    const idempotencyKey = newKey();
    const me = t.callerAs(worker.id);
    await me.applications.submit({ jobId: job.id, message: "First", idempotencyKey });
    await expectRefusal(
      me.applications.submit({ jobId: job.id, message: "Second", idempotencyKey }),
      "CONFLICT",
      ERR.requestKeyReused,
    );
    await expectRefusal(
      me.applications.submit({ jobId: other.id, message: "First", idempotencyKey }),
      "CONFLICT",
      ERR.requestKeyReused,
    );
    expect(await applicationsOf(other.id)).toEqual([]);
  });

  it("keeps each person's keys apart: another's key neither answers their application nor blocks one", async () => {
    const owner = await createEmployer(t.db);
    const [anna, boris] = [await createWorker(t.db), await createWorker(t.db)];
    const job = await createJob(t.db, owner.id);
    const input = { jobId: job.id, message: "Same words", idempotencyKey: newKey() };
    const annas = await t.callerAs(anna.id).applications.submit(input);
    const boriss = await t.callerAs(boris.id).applications.submit(input);
    expect(boriss.id).not.toBe(annas.id);
    expect((await applicationsOf(job.id)).map((a) => a.workerId).sort()).toEqual([anna.id, boris.id].sort());
  });

  it("refuses a malformed key as bad input", async () => {
    const job = await createJob(t.db, (await createEmployer(t.db)).id);
    const me = t.callerAs((await createWorker(t.db)).id);
    await expectRefusal(me.applications.submit({ jobId: job.id, idempotencyKey: "short" }), "BAD_REQUEST", ERR.badRequest);
    await expectRefusal(
      me.applications.submit({ jobId: job.id, idempotencyKey: "not a key, with spaces and more" }),
      "BAD_REQUEST",
      ERR.badRequest,
    );
    expect(await applicationsOf(job.id)).toEqual([]);
  });
});

describe("jobs.create and rehiring.postAgain with an idempotency key", () => {
  it("posts one job for a resend and for racing sends; other input with the key is refused", async () => {
    const owner = await createEmployer(t.db);
    const me = t.callerAs(owner.id);
    const input = validJobInput({ title: "Paint the fence", idempotencyKey: newKey() });
    const first = await me.jobs.create(input);
    expect(await me.jobs.create(input)).toEqual(first);
    expect(await jobsOf(owner.id)).toEqual([{ id: first.id }]);

    const raced = validJobInput({ title: "Sweep the yard", idempotencyKey: newKey() });
    const answers = await Promise.all(Array.from({ length: 4 }, () => t.callerAs(owner.id).jobs.create(raced)));
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    expect(await jobsOf(owner.id)).toHaveLength(2);

    await expectRefusal(me.jobs.create({ ...input, title: "Paint the gate" }), "CONFLICT", ERR.requestKeyReused);
    expect(await jobsOf(owner.id)).toHaveLength(2);
  });

  it("posts a job for another person with the same key and input", async () => {
    const [olga, oleg] = [await createEmployer(t.db), await createEmployer(t.db)];
    const input = validJobInput({ title: "Carry boxes", idempotencyKey: newKey() });
    const olgas = await t.callerAs(olga.id).jobs.create(input);
    const olegs = await t.callerAs(oleg.id).jobs.create(input);
    expect(olegs.id).not.toBe(olgas.id);
    expect(await jobsOf(oleg.id)).toEqual([{ id: olegs.id }]);
  });

  it("does not count a resend against the posting limit", async () => {
    const owner = await createEmployer(t.db);
    const input = validJobInput({ title: "Limit check", idempotencyKey: newKey() });
    const first = await t.callerAs(owner.id).jobs.create(input);
    for (let i = 0; i < 40; i += 1) expect((await t.callerAs(owner.id).jobs.create(input)).id).toBe(first.id);
    expect(await jobsOf(owner.id)).toHaveLength(1);
  });

  it("posts a past job again once per key, its invitations once", async () => {
    const owner = await createEmployer(t.db);
    const past = await createJob(t.db, owner.id, { status: "completed" });
    const kim = await createWorker(t.db);
    await createAcceptedApplication(t.db, past.id, kim.id);
    const input = { copiedFromId: past.id, job: validJobInput(), inviteWorkerIds: [kim.id], idempotencyKey: newKey() };
    const answers = await Promise.all([1, 2, 3].map(() => t.callerAs(owner.id).rehiring.postAgain(input)));
    const again = await t.callerAs(owner.id).rehiring.postAgain(input);
    expect(new Set([...answers, again].map((a) => a.id)).size).toBe(1);
    expect(again.invited).toEqual([kim.id]);
    expect(await t.db.select().from(jobs).where(eq(jobs.copiedFromId, past.id))).toHaveLength(1);
    expect((await noticesOf(kim.id)).filter((n) => n.kind === "job_invitation")).toHaveLength(1);
    await expectRefusal(
      t.callerAs(owner.id).rehiring.postAgain({ ...input, inviteWorkerIds: [] }),
      "CONFLICT",
      ERR.requestKeyReused,
    );
  });
});

describe("ratings.submit with an idempotency key", () => {
  it("answers a resend and racing sends with the first review; other input is refused", async () => {
    const owner = await createEmployer(t.db);
    const job = await createJob(t.db, owner.id, { maxWorkers: 2 });
    const [anna, boris] = [await createWorker(t.db), await createWorker(t.db)];
    await createAcceptedApplication(t.db, job.id, anna.id);
    await createAcceptedApplication(t.db, job.id, boris.id);
    await t.db.update(jobs).set({ status: "completed" }).where(eq(jobs.id, job.id));
    const byOwner = t.callerAs(owner.id);

    const input = { jobId: job.id, toUserId: anna.id, rating: 5, comment: "Great", idempotencyKey: newKey() };
    const first = await byOwner.ratings.submit(input);
    expect(await byOwner.ratings.submit(input)).toEqual(first);

    const raced = { jobId: job.id, toUserId: boris.id, rating: 4, idempotencyKey: newKey() };
    const answers = await Promise.all([1, 2, 3, 4].map(() => t.callerAs(owner.id).ratings.submit(raced)));
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    expect(await t.db.select().from(ratings).where(eq(ratings.jobId, job.id))).toHaveLength(2);

    await expectRefusal(byOwner.ratings.submit({ ...input, rating: 1 }), "CONFLICT", ERR.requestKeyReused);
    // Anna's key is hers: the owner's answer is not hers to read, and her own review is written.
    const annas = await t.callerAs(anna.id).ratings.submit({ ...input, toUserId: owner.id });
    expect(annas.id).not.toBe(first.id);
    expect(annas.toUserId).toBe(owner.id);
  });
});

describe("the sweep of answers", () => {
  it("forgets answers older than a day and keeps newer ones", async () => {
    const owner = await createEmployer(t.db);
    const worker = await createWorker(t.db);
    const job = await createJob(t.db, owner.id);
    const idempotencyKey = newKey();
    await t.callerAs(worker.id).applications.submit({ jobId: job.id, idempotencyKey });
    const mine = and(eq(idempotentRequests.userId, worker.id), eq(idempotentRequests.key, idempotencyKey));
    expect(await t.db.$count(idempotentRequests, mine)).toBe(1);
    await sweepIdempotentAnswers(t.db, new Date(Date.now() + 23 * 60 * 60 * 1000));
    expect(await t.db.$count(idempotentRequests, mine)).toBe(1);
    expect(await sweepIdempotentAnswers(t.db, new Date(Date.now() + 25 * 60 * 60 * 1000))).toBeGreaterThanOrEqual(1);
    expect(await t.db.$count(idempotentRequests, mine)).toBe(0);
  });
});
