import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";

import { createAcceptedApplication } from "../../db/factories/hiring.ts";
import { createApplication, createJob } from "../../db/factories/jobs.ts";
import { createEmployer, createWorker } from "../../db/factories/users.ts";
import { conversationParticipants, conversations, jobApplications, jobs } from "../../db/schema/index.ts";
import { ERR } from "../../domain/errors.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

// With TEST_DATABASE_URL these accepts really run in parallel on a pool of 20 connections; on PGlite
// they are serialised, and the outcome must be the same.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function setUp(maxWorkers: number, applicants: number) {
  const owner = await createEmployer(t.db);
  const job = await createJob(t.db, owner.id, { maxWorkers });
  const applications = [];
  for (let i = 0; i < applicants; i++) {
    const worker = await createWorker(t.db);
    applications.push(await createApplication(t.db, job.id, worker.id));
  }
  return { owner, job, applications };
}

it("never accepts more than max_workers when ten accepts race", async () => {
  const { owner, job, applications } = await setUp(3, 10);
  const results = await Promise.allSettled(
    applications.map((a) => t.callerAs(owner.id).applications.accept({ applicationId: a.id })),
  );

  const fulfilled = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
  const refused = results.flatMap((r) => (r.status === "rejected" ? [r.reason as { code: string; message: string }] : []));
  expect(fulfilled).toHaveLength(3);
  expect(refused).toHaveLength(7);
  for (const reason of refused) expect(reason).toMatchObject({ code: "CONFLICT", message: ERR.positionsFilled });

  const [row] = await t.db.select({ acceptedCount: jobs.acceptedCount }).from(jobs).where(eq(jobs.id, job.id));
  expect(row?.acceptedCount).toBe(3);
  const accepted = await t.db
    .select({ workerId: jobApplications.workerId })
    .from(jobApplications)
    .where(and(eq(jobApplications.jobId, job.id), eq(jobApplications.status, "accepted")));
  expect(accepted.map((a) => a.workerId).sort()).toEqual(fulfilled.map((f) => f.workerId).sort());
  expect(await t.db.$count(jobApplications, and(eq(jobApplications.jobId, job.id), eq(jobApplications.status, "pending")))).toBe(
    7,
  );

  const groups = await t.db.select({ id: conversations.id }).from(conversations).where(eq(conversations.jobId, job.id));
  expect(groups).toHaveLength(1);
  expect(new Set(fulfilled.map((f) => f.conversationId))).toEqual(new Set(groups.map((g) => g.id)));
  const members = await t.db
    .select({ userId: conversationParticipants.userId })
    .from(conversationParticipants)
    .where(eq(conversationParticipants.conversationId, groups[0]?.id ?? ""));
  expect(members.map((m) => m.userId).sort()).toEqual([owner.id, ...accepted.map((a) => a.workerId)].sort());
});

it("accepts one application once when the same accept is sent twice at the same time", async () => {
  const { owner, job, applications } = await setUp(5, 1);
  const [application] = applications;
  if (!application) throw new Error("no application");
  const results = await Promise.allSettled([
    t.callerAs(owner.id).applications.accept({ applicationId: application.id }),
    t.callerAs(owner.id).applications.accept({ applicationId: application.id }),
  ]);
  expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  const refused = results.find((r) => r.status === "rejected");
  expect(refused?.status === "rejected" && refused.reason).toMatchObject({
    code: "CONFLICT",
    message: ERR.applicationNotPending,
  });
  const [row] = await t.db.select({ acceptedCount: jobs.acceptedCount }).from(jobs).where(eq(jobs.id, job.id));
  expect(row?.acceptedCount).toBe(1);
});

it("lets exactly one of a racing accept and reject of the same application win", async () => {
  const { owner, job, applications } = await setUp(2, 1);
  const [application] = applications;
  if (!application) throw new Error("no application");
  const caller = t.callerAs(owner.id);
  const results = await Promise.allSettled([
    caller.applications.accept({ applicationId: application.id }),
    caller.applications.reject({ applicationId: application.id }),
  ]);
  expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  const [stored] = await t.db.select().from(jobApplications).where(eq(jobApplications.id, application.id));
  const [row] = await t.db.select({ acceptedCount: jobs.acceptedCount }).from(jobs).where(eq(jobs.id, job.id));
  expect(row?.acceptedCount).toBe(stored?.status === "accepted" ? 1 : 0);
});

it("never deadlocks an accept against the worker deleting their account (20 rounds), and keeps the count right", async () => {
  for (let round = 0; round < 20; round += 1) {
    // Each worker already holds a place elsewhere, so the deletion also gives a place back.
    const { owner, job, applications } = await setUp(3, 1);
    const [application] = applications;
    if (!application) throw new Error("no application");
    const other = await setUp(3, 0);
    await createAcceptedApplication(t.db, other.job.id, application.workerId);

    const [accept, deletion] = await Promise.allSettled([
      t.callerAs(owner.id).applications.accept({ applicationId: application.id }),
      t.callerAs(application.workerId).privacy.deleteAccount(),
    ]);
    // The deletion always wins or waits; the accept either came first or finds the application gone.
    expect(deletion.status, `round ${round}: ${deletion.status === "rejected" ? String(deletion.reason) : ""}`).toBe("fulfilled");
    if (accept.status === "rejected") {
      expect(accept.reason, `round ${round}`).toMatchObject({ code: expect.stringMatching(/^(FORBIDDEN|NOT_FOUND|CONFLICT)$/) });
    }
    for (const { id } of [job, other.job]) {
      const [row] = await t.db.select({ acceptedCount: jobs.acceptedCount }).from(jobs).where(eq(jobs.id, id));
      const accepted = await t.db.$count(
        jobApplications,
        and(eq(jobApplications.jobId, id), eq(jobApplications.status, "accepted")),
      );
      expect(row?.acceptedCount, `round ${round}`).toBe(accepted);
    }
  }
});
