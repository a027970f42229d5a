import { afterAll, beforeAll, expect, it } from "vitest";

import { createApplication, createJob, dateFromToday } from "../../db/factories/jobs.ts";
import { createEmployer, createWorker } from "../../db/factories/users.ts";
import { ERR } from "../../domain/errors.ts";
import { expectRefusal } from "../testing/refusal.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it("lists a worker's completed jobs (10, newest first) and latest accepted jobs (5)", async () => {
  const worker = await createWorker(t.db);
  const employer = await createEmployer(t.db, { fullName: "Egor Employer", companyName: "Egor & Co" });
  const completed = [];
  for (let i = 0; i < 12; i++) {
    const job = await createJob(t.db, employer.id, {
      status: "completed",
      title: `Completed job ${i}`,
      startDate: dateFromToday(-30 + i),
    });
    await createApplication(t.db, job.id, worker.id, { status: "accepted", updatedAt: new Date(Date.UTC(2026, 0, 1 + i)) });
    completed.push(job);
  }
  // Not previous jobs: completed but not accepted, or accepted but not completed.
  for (const status of ["pending", "rejected"] as const) {
    const job = await createJob(t.db, employer.id, { status: "completed", startDate: dateFromToday(-1) });
    await createApplication(t.db, job.id, worker.id, { status });
  }
  const current = await createJob(t.db, employer.id, { status: "in_progress", title: "Current job" });
  await createApplication(t.db, current.id, worker.id, { status: "accepted", updatedAt: new Date(Date.UTC(2026, 5, 1)) });

  const history = await t.callerAs(null).workHistory.forUser({ userId: worker.id });
  expect(history.previousJobs.map((j) => j.title)).toEqual(Array.from({ length: 10 }, (_, i) => `Completed job ${11 - i}`));
  expect(history.previousJobs[0]).toMatchObject({
    id: completed[11]?.id,
    status: "completed",
    employerId: employer.id,
    employerName: "Egor Employer",
    companyName: "Egor & Co",
  });
  expect(history.latestAcceptedJobs.map((j) => j.title)).toEqual([
    "Current job",
    "Completed job 11",
    "Completed job 10",
    "Completed job 9",
    "Completed job 8",
  ]);
});

it("is empty for someone who never worked, and hides a hidden profile from everyone but its owner", async () => {
  const newcomer = await createWorker(t.db);
  expect(await t.callerAs(null).workHistory.forUser({ userId: newcomer.id })).toEqual({
    previousJobs: [],
    latestAcceptedJobs: [],
  });

  const hidden = await createWorker(t.db, { privacyProfileVisible: false });
  const job = await createJob(t.db, (await createEmployer(t.db)).id, { status: "completed" });
  await createApplication(t.db, job.id, hidden.id, { status: "accepted" });
  expect((await t.callerAs(hidden.id).workHistory.forUser({ userId: hidden.id })).previousJobs).toHaveLength(1);
  for (const caller of [t.callerAs(null), t.callerAs(newcomer.id)]) {
    await expectRefusal(caller.workHistory.forUser({ userId: hidden.id }), "NOT_FOUND", ERR.notFound);
  }
  await expectRefusal(t.callerAs(null).workHistory.forUser({ userId: "nobody" }), "NOT_FOUND", ERR.notFound);
});
