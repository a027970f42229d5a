import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createJob } from "../../db/factories/jobs.ts";
import { createEmployer, createWorker } from "../../db/factories/users.ts";
import { jobs } from "../../db/schema/index.ts";
import { ERR } from "../../domain/errors.ts";
import { JOB_ACTIONS, JOB_STATUSES, type JobAction, type JobStatus } from "../../domain/statuses.ts";
import { expectRefusal } from "../testing/refusal.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
let owner: { id: string };
beforeAll(async () => {
  t = await createTestApp();
  owner = await createEmployer(t.db);
});
afterAll(() => t.close());

const statusOf = async (id: string) => (await t.db.select({ s: jobs.status }).from(jobs).where(eq(jobs.id, id)))[0]?.s;

const ALLOWED: Record<JobAction, Partial<Record<JobStatus, JobStatus>>> = {
  start: { open: "in_progress" },
  complete: { in_progress: "completed" },
  cancel: { open: "cancelled", in_progress: "cancelled" },
};

const cases = (Object.keys(JOB_ACTIONS) as JobAction[]).flatMap((action) =>
  JOB_STATUSES.map((from) => ({ action, from, to: ALLOWED[action][from] ?? null })),
);

describe("jobs.changeStatus transitions", () => {
  it.each(cases.filter((c) => c.to))("$action moves an $from job to $to", async ({ action, from, to }) => {
    const job = await createJob(t.db, owner.id, { status: from });
    const result = await t.callerAs(owner.id).jobs.changeStatus({ jobId: job.id, action });
    expect(result.status).toBe(to);
    expect(await statusOf(job.id)).toBe(to);
  });

  it.each(cases.filter((c) => !c.to))("$action is refused for a $from job, which stays $from", async ({ action, from }) => {
    const job = await createJob(t.db, owner.id, { status: from });
    await expectRefusal(
      t.callerAs(owner.id).jobs.changeStatus({ jobId: job.id, action }),
      "CONFLICT",
      ERR.jobStatusChangeRefused,
    );
    expect(await statusOf(job.id)).toBe(from);
  });

  it("moves a job once when the same action is sent twice at the same time", async () => {
    const job = await createJob(t.db, owner.id);
    const caller = t.callerAs(owner.id);
    const results = await Promise.allSettled([
      caller.jobs.changeStatus({ jobId: job.id, action: "start" }),
      caller.jobs.changeStatus({ jobId: job.id, action: "start" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await statusOf(job.id)).toBe("in_progress");
  });

  it("refuses an unknown action as bad input", async () => {
    const job = await createJob(t.db, owner.id);
    await expectRefusal(
      t.callerAs(owner.id).jobs.changeStatus({ jobId: job.id, action: "reopen" as never }),
      "BAD_REQUEST",
      ERR.jobStatusChangeRefused,
    );
  });
});

describe("jobs.changeStatus permissions", () => {
  it("refuses a worker and another employer as if the job did not exist, and leaves it open", async () => {
    const job = await createJob(t.db, owner.id);
    for (const stranger of [await createWorker(t.db), await createEmployer(t.db)]) {
      for (const action of ["start", "cancel"] as const) {
        await expectRefusal(t.callerAs(stranger.id).jobs.changeStatus({ jobId: job.id, action }), "NOT_FOUND", ERR.jobNotFound);
      }
    }
    expect(await statusOf(job.id)).toBe("open");
  });

  it("refuses a visitor without a session", async () => {
    const job = await createJob(t.db, owner.id);
    await expectRefusal(
      t.callerAs(null).jobs.changeStatus({ jobId: job.id, action: "cancel" }),
      "UNAUTHORIZED",
      ERR.unauthorized,
    );
    expect(await statusOf(job.id)).toBe("open");
  });

  it("answers 'Job not found' for a missing (404) or malformed (400) job id", async () => {
    await expectRefusal(
      t.callerAs(owner.id).jobs.changeStatus({ jobId: "00000000-0000-4000-8000-000000000000", action: "start" }),
      "NOT_FOUND",
      ERR.jobNotFound,
    );
    await expectRefusal(
      t.callerAs(owner.id).jobs.changeStatus({ jobId: "not-a-uuid", action: "start" }),
      "BAD_REQUEST",
      ERR.jobNotFound,
    );
  });
});
