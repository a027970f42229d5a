import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createAcceptedApplication } from "../../db/factories/hiring.ts";
import { createJob, dateFromToday } from "../../db/factories/jobs.ts";
import { CITY } from "../../db/factories/places.ts";
import { createEmployer, createWorker } from "../../db/factories/users.ts";
import { jobs, notifications, profiles } from "../../db/schema/index.ts";
import { ERR } from "../../domain/errors.ts";
import { JOB_ACTIONS, JOB_STATUSES, type JobAction, type JobStatus } from "../../domain/statuses.ts";
import { expectRefusal } from "../testing/refusal.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

// The server's clock: real time unless a test sets it.
let clock: Date | null = null;
let t: TestApp;
let owner: { id: string };
beforeAll(async () => {
  t = await createTestApp({ services: { now: () => clock ?? new Date() } });
  owner = await createEmployer(t.db);
});
afterAll(() => t.close());

const statusOf = async (id: string) => (await t.db.select({ s: jobs.status }).from(jobs).where(eq(jobs.id, id)))[0]?.s;

const ALLOWED: Record<JobAction, Partial<Record<JobStatus, JobStatus>>> = {
  start: { open: "in_progress" },
  complete: { open: "completed", in_progress: "completed" },
  cancel: { open: "cancelled", in_progress: "cancelled" },
};

const cases = (Object.keys(JOB_ACTIONS) as JobAction[]).flatMap((action) =>
  JOB_STATUSES.map((from) => ({ action, from, to: ALLOWED[action][from] ?? null })),
);

describe("jobs.changeStatus transitions", () => {
  it.each(cases.filter((c) => c.to))("$action moves an $from job to $to", async ({ action, from, to }) => {
    // Started yesterday: Complete is allowed from the start date on.
    const job = await createJob(t.db, owner.id, { status: from, startDate: dateFromToday(-1) });
    const result = await t.callerAs(owner.id).jobs.changeStatus({ jobId: job.id, action });
    expect(result.status).toBe(to);
    expect(await statusOf(job.id)).toBe(to);
  });

  it.each(cases.filter((c) => !c.to))("$action is refused for a $from job, which stays $from", async ({ action, from }) => {
    const job = await createJob(t.db, owner.id, { status: from, startDate: dateFromToday(-1) });
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

describe("Complete waits for the start date, in the job's time zone", () => {
  // Moscow is UTC+3: 5 December begins there at 21:00 UTC on 4 December.
  const lastMomentBefore = new Date("2026-12-04T20:59:59.999Z");
  const firstMomentOf = new Date("2026-12-04T21:00:00.000Z");
  const startingJob = (cityId: number | null = CITY.moscow) =>
    createJob(t.db, owner.id, { status: "in_progress", startDate: "2026-12-05", cityId });

  it("refuses on the last moment before the start date there, and allows it from the first", async () => {
    const job = await startingJob();
    clock = lastMomentBefore;
    try {
      await expectRefusal(
        t.callerAs(owner.id).jobs.changeStatus({ jobId: job.id, action: "complete" }),
        "CONFLICT",
        ERR.jobCompleteBeforeStart,
      );
      expect(await statusOf(job.id)).toBe("in_progress");
      clock = firstMomentOf;
      // Still 4 December in UTC (the server's own day), already the 5th in Moscow.
      expect((await t.callerAs(owner.id).jobs.changeStatus({ jobId: job.id, action: "complete" })).status).toBe("completed");
    } finally {
      clock = null;
    }
  });

  it("counts in the job's city, not in the owner's own time zone", async () => {
    const kiribati = await createEmployer(t.db, { timeZone: "Pacific/Kiritimati" });
    const job = await createJob(t.db, kiribati.id, { status: "in_progress", startDate: "2026-12-05", cityId: CITY.moscow });
    clock = lastMomentBefore;
    try {
      // 4 December 20:59 UTC is already the 5th in Kiritimati (UTC+14), not yet in Moscow.
      await expectRefusal(
        t.callerAs(kiribati.id).jobs.changeStatus({ jobId: job.id, action: "complete" }),
        "CONFLICT",
        ERR.jobCompleteBeforeStart,
      );
    } finally {
      clock = null;
    }
  });

  it("a job without a city counts in its owner's time zone", async () => {
    await t.db.update(profiles).set({ timeZone: "Pacific/Kiritimati" }).where(eq(profiles.id, owner.id));
    try {
      const job = await startingJob(null);
      clock = new Date("2026-12-04T09:59:59.999Z");
      await expectRefusal(
        t.callerAs(owner.id).jobs.changeStatus({ jobId: job.id, action: "complete" }),
        "CONFLICT",
        ERR.jobCompleteBeforeStart,
      );
      clock = new Date("2026-12-04T10:00:00.000Z");
      expect((await t.callerAs(owner.id).jobs.changeStatus({ jobId: job.id, action: "complete" })).status).toBe("completed");
    } finally {
      clock = null;
      await t.db.update(profiles).set({ timeZone: null }).where(eq(profiles.id, owner.id));
    }
  });

  it("tells nobody when Complete is refused", async () => {
    const job = await startingJob();
    const worker = await createWorker(t.db);
    await createAcceptedApplication(t.db, job.id, worker.id);
    clock = lastMomentBefore;
    try {
      await expect(t.callerAs(owner.id).jobs.changeStatus({ jobId: job.id, action: "complete" })).rejects.toThrow();
    } finally {
      clock = null;
    }
    expect(await t.db.$count(notifications, eq(notifications.userId, worker.id))).toBe(0);
  });

  it("answers someone else exactly as for a missing job, before the start date and after it", async () => {
    const early = await startingJob();
    const due = await createJob(t.db, owner.id, { status: "in_progress", startDate: dateFromToday(-1) });
    for (const stranger of [await createWorker(t.db), await createEmployer(t.db)]) {
      for (const job of [early, due]) {
        await expectRefusal(
          t.callerAs(stranger.id).jobs.changeStatus({ jobId: job.id, action: "complete" }),
          "NOT_FOUND",
          ERR.jobNotFound,
        );
        expect(await statusOf(job.id)).toBe("in_progress");
      }
    }
  });

  it("one of Complete and Cancel sent at the same time wins, and the job ends in its state", async () => {
    const job = await createJob(t.db, owner.id, { status: "in_progress", startDate: dateFromToday(-1) });
    const caller = t.callerAs(owner.id);
    const results = await Promise.allSettled([
      caller.jobs.changeStatus({ jobId: job.id, action: "complete" }),
      caller.jobs.changeStatus({ jobId: job.id, action: "cancel" }),
    ]);
    const won = results.flatMap((r) => (r.status === "fulfilled" ? [r.value.status] : []));
    expect(won).toHaveLength(1);
    expect(await statusOf(job.id)).toBe(won[0]);
  });
});
