import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { queryRows } from "../../db/database.ts";
import { createApplication, createJob } from "../../db/factories/jobs.ts";
import { createEmployer, createWorker } from "../../db/factories/users.ts";
import { jobApplications, notifications } from "../../db/schema/index.ts";
import { REJECTION_UNDO_SECONDS } from "../../domain/applications.ts";
import { ERR } from "../../domain/errors.ts";
import { tellRejection } from "../notifications/rejection-notice.ts";
import { expectRefusal } from "../testing/refusal.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

// The server's clock, set by each test; the undo window is counted on it. With TEST_DATABASE_URL the
// racing calls below really run in parallel on the pool; on PGlite they are serialised.
let clock = new Date("2026-11-20T10:00:00.000Z");
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ services: { now: () => clock } });
});
afterAll(() => t.close());

const WINDOW_MS = REJECTION_UNDO_SECONDS * 1000;
const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

async function scene() {
  const owner = await createEmployer(t.db);
  const worker = await createWorker(t.db);
  const job = await createJob(t.db, owner.id, { maxWorkers: 3 });
  const application = await createApplication(t.db, job.id, worker.id);
  return { owner, worker, job, application };
}

const rejectionNotices = (workerId: string) =>
  t.db.$count(notifications, and(eq(notifications.userId, workerId), eq(notifications.kind, "application_rejected")));

const statusOf = async (id: string) =>
  (await t.db.select({ s: jobApplications.status }).from(jobApplications).where(eq(jobApplications.id, id)))[0]?.s;

/** The rejection notices still waiting in the queue for an application. */
async function waitingNotices(applicationId: string) {
  const rows = await queryRows<{ count: number }>(
    t.db,
    sql`select count(*)::int as count from pgboss.job
        where name = 'rejection-notice' and state < 'active' and data->>'applicationId' = ${applicationId}`,
  );
  return rows[0]?.count ?? 0;
}

/** The queue's own clock is the database's: the test's jobs become due now (as if the window had passed there). */
async function makeNoticesDue() {
  await t.db.execute(sql`update pgboss.job set start_after = now() where name = 'rejection-notice' and state = 'created'`);
}

describe("a rejection the owner can take back", () => {
  it("reads as pending to the worker and tells them nothing until the window has passed", async () => {
    const { owner, worker, job, application } = await scene();
    const rejectedAt = clock;
    const rejected = await t.callerAs(owner.id).applications.reject({ applicationId: application.id });
    expect(rejected.undoUntil).toEqual(at(rejectedAt, WINDOW_MS));

    // The owner sees the decision at once, with when it was made.
    const listed = (await t.callerAs(owner.id).applications.forJob({ jobId: job.id })).applications[0];
    expect(listed).toMatchObject({ id: application.id, status: "rejected", decidedAt: rejectedAt });
    // The worker does not yet: their job page still reads pending (and /my-jobs: server/jobs/my-jobs.test.ts),
    // and no notice is written.
    expect((await t.callerAs(worker.id).applications.mine({ jobId: job.id })).status).toBe("pending");
    expect(await rejectionNotices(worker.id)).toBe(0);
    // The notice waits in the queue: nothing is due yet.
    expect(await waitingNotices(application.id)).toBe(1);
    await t.runBackground();
    expect(await rejectionNotices(worker.id)).toBe(0);

    // Once the window has passed, the job tells the worker, once; their pages read rejected.
    clock = at(rejectedAt, WINDOW_MS);
    await makeNoticesDue();
    await t.runBackground();
    expect(await rejectionNotices(worker.id)).toBe(1);
    expect((await t.callerAs(worker.id).applications.mine({ jobId: job.id })).status).toBe("rejected");
    // A job run again (a retry after a crash) does not tell them twice.
    await tellRejection(t.db, t.services.queue, application.id, clock);
    expect(await rejectionNotices(worker.id)).toBe(1);
  });

  it("undone within the window: pending again, its notice cancelled, the worker never told", async () => {
    const { owner, worker, job, application } = await scene();
    const rejectedAt = clock;
    await t.callerAs(owner.id).applications.reject({ applicationId: application.id });
    clock = at(rejectedAt, WINDOW_MS - 1);
    const restored = await t.callerAs(owner.id).applications.undoReject({ applicationId: application.id });
    expect(restored).toEqual({ id: application.id, status: "pending" });
    expect(await statusOf(application.id)).toBe("pending");
    expect(await waitingNotices(application.id)).toBe(0);

    clock = at(rejectedAt, 2 * WINDOW_MS);
    await makeNoticesDue();
    await t.runBackground();
    expect(await rejectionNotices(worker.id)).toBe(0);
    expect((await t.callerAs(worker.id).applications.mine({ jobId: job.id })).status).toBe("pending");
    // It can be decided again: accepted now.
    expect((await t.callerAs(owner.id).applications.accept({ applicationId: application.id })).status).toBe("accepted");
  });

  it("is refused from the window's last moment on, and the worker is then told", async () => {
    const { owner, worker, application } = await scene();
    const rejectedAt = clock;
    await t.callerAs(owner.id).applications.reject({ applicationId: application.id });
    clock = at(rejectedAt, WINDOW_MS);
    await expectRefusal(
      t.callerAs(owner.id).applications.undoReject({ applicationId: application.id }),
      "CONFLICT",
      ERR.rejectionUndoExpired,
    );
    expect(await statusOf(application.id)).toBe("rejected");
    await makeNoticesDue();
    await t.runBackground();
    expect(await rejectionNotices(worker.id)).toBe(1);
  });

  it("a notice job that runs early (the database's clock ahead of ours) waits for the rest of the window", async () => {
    const { owner, worker, application } = await scene();
    const rejectedAt = clock;
    await t.callerAs(owner.id).applications.reject({ applicationId: application.id });
    clock = at(rejectedAt, WINDOW_MS - 30_000);
    await makeNoticesDue();
    await t.runBackground();
    expect(await rejectionNotices(worker.id)).toBe(0);
    expect(await waitingNotices(application.id)).toBe(1);
    clock = at(rejectedAt, WINDOW_MS);
    await makeNoticesDue();
    await t.runBackground();
    expect(await rejectionNotices(worker.id)).toBe(1);
  });

  it("rejecting again after an undo starts a new window", async () => {
    const { owner, worker, application } = await scene();
    const caller = t.callerAs(owner.id);
    const first = clock;
    await caller.applications.reject({ applicationId: application.id });
    clock = at(first, 60_000);
    await caller.applications.undoReject({ applicationId: application.id });
    const second = at(first, 120_000);
    clock = second;
    await caller.applications.reject({ applicationId: application.id });
    expect(await waitingNotices(application.id)).toBe(1);
    // Past the first window but inside the second: still undoable, and nobody told.
    clock = at(first, WINDOW_MS + 1000);
    await makeNoticesDue();
    await t.runBackground();
    expect(await rejectionNotices(worker.id)).toBe(0);
    await caller.applications.undoReject({ applicationId: application.id });
    expect(await statusOf(application.id)).toBe("pending");
  });

  it("only a rejected application can be restored", async () => {
    const { owner, job, application: pending } = await scene();
    const accepted = await createApplication(t.db, job.id, (await createWorker(t.db)).id);
    await t.callerAs(owner.id).applications.accept({ applicationId: accepted.id });
    for (const { id } of [pending, accepted]) {
      await expectRefusal(
        t.callerAs(owner.id).applications.undoReject({ applicationId: id }),
        "CONFLICT",
        ERR.rejectionUndoExpired,
      );
    }
    expect(await statusOf(pending.id)).toBe("pending");
    expect(await statusOf(accepted.id)).toBe("accepted");
  });
});

describe("undo permissions", () => {
  it("refuses the worker, another employer and another applicant exactly as for a missing application", async () => {
    const { owner, worker, job, application } = await scene();
    const otherApplicant = await createWorker(t.db);
    await createApplication(t.db, job.id, otherApplicant.id);
    await t.callerAs(owner.id).applications.reject({ applicationId: application.id });
    for (const stranger of [worker, otherApplicant, await createEmployer(t.db), await createWorker(t.db)]) {
      await expectRefusal(
        t.callerAs(stranger.id).applications.undoReject({ applicationId: application.id }),
        "FORBIDDEN",
        ERR.applicationsAccessDenied,
      );
    }
    await expectRefusal(
      t.callerAs(owner.id).applications.undoReject({ applicationId: "00000000-0000-4000-8000-000000000000" }),
      "FORBIDDEN",
      ERR.applicationsAccessDenied,
    );
    await expectRefusal(
      t.callerAs(null).applications.undoReject({ applicationId: application.id }),
      "UNAUTHORIZED",
      ERR.unauthorized,
    );
    expect(await statusOf(application.id)).toBe("rejected");
    expect(await waitingNotices(application.id)).toBe(1);
  });
});

describe("races", () => {
  it("two undos at once restore the application once", async () => {
    const { owner, application } = await scene();
    await t.callerAs(owner.id).applications.reject({ applicationId: application.id });
    const results = await Promise.allSettled([
      t.callerAs(owner.id).applications.undoReject({ applicationId: application.id }),
      t.callerAs(owner.id).applications.undoReject({ applicationId: application.id }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.flatMap((r) => (r.status === "rejected" ? [r.reason as unknown] : []));
    expect(refused[0]).toMatchObject({ code: "CONFLICT", message: ERR.rejectionUndoExpired });
    expect(await statusOf(application.id)).toBe("pending");
    expect(await waitingNotices(application.id)).toBe(0);
  });

  it("an undo racing its notice job inside the window: restored, and never told", async () => {
    const { owner, worker, application } = await scene();
    const rejectedAt = clock;
    await t.callerAs(owner.id).applications.reject({ applicationId: application.id });
    clock = at(rejectedAt, WINDOW_MS - 1);
    await Promise.all([
      tellRejection(t.db, t.services.queue, application.id, clock),
      t.callerAs(owner.id).applications.undoReject({ applicationId: application.id }),
    ]);
    expect(await statusOf(application.id)).toBe("pending");
    // Whichever went first, nothing is left to tell the worker later.
    expect(await waitingNotices(application.id)).toBe(0);
    clock = at(rejectedAt, 2 * WINDOW_MS);
    await makeNoticesDue();
    await t.runBackground();
    expect(await rejectionNotices(worker.id)).toBe(0);
  });

  it("at the window's end an undo racing the notice loses: rejected, and told once", async () => {
    const { owner, worker, application } = await scene();
    const rejectedAt = clock;
    await t.callerAs(owner.id).applications.reject({ applicationId: application.id });
    clock = at(rejectedAt, WINDOW_MS);
    const [, undo] = await Promise.allSettled([
      tellRejection(t.db, t.services.queue, application.id, clock),
      t.callerAs(owner.id).applications.undoReject({ applicationId: application.id }),
    ]);
    expect(undo.status).toBe("rejected");
    expect(await statusOf(application.id)).toBe("rejected");
    expect(await rejectionNotices(worker.id)).toBe(1);
  });

  it("a reject racing an accept of the same application: one of them decides it", async () => {
    const { owner, application } = await scene();
    const results = await Promise.allSettled([
      t.callerAs(owner.id).applications.accept({ applicationId: application.id }),
      t.callerAs(owner.id).applications.reject({ applicationId: application.id }),
    ]);
    const won = results.flatMap((r) => (r.status === "fulfilled" ? [r.value.status] : []));
    expect(won).toHaveLength(1);
    expect(await statusOf(application.id)).toBe(won[0]);
    expect(await waitingNotices(application.id)).toBe(won[0] === "rejected" ? 1 : 0);
  });
});
