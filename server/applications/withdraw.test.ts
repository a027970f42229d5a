import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { createApplication, createJob } from "../../db/factories/jobs.ts";
import { createEmployer, createWorker } from "../../db/factories/users.ts";
import { conversationParticipants, conversations, jobApplications, jobs, reliabilityEvents } from "../../db/schema/index.ts";
import { ERR } from "../../domain/errors.ts";
import { notificationPath, notificationPayloadSchema } from "../../domain/notifications.ts";
import { FIRST_DAY, noticesOf, ownerCodeNow, shiftScene, shiftTestbed, workDay } from "../attendance/shift-test-kit.ts";
import { expectRefusal } from "../testing/refusal.ts";

const bed = shiftTestbed();

async function applicationOf(jobId: string, workerId: string) {
  const [row] = await bed.t.db
    .select()
    .from(jobApplications)
    .where(and(eq(jobApplications.jobId, jobId), eq(jobApplications.workerId, workerId)));
  return row;
}

async function acceptedCount(jobId: string) {
  const [row] = await bed.t.db.select({ n: jobs.acceptedCount }).from(jobs).where(eq(jobs.id, jobId));
  return row?.n;
}

async function groupMembers(jobId: string) {
  const rows = await bed.t.db
    .select({ userId: conversationParticipants.userId })
    .from(conversationParticipants)
    .innerJoin(conversations, eq(conversations.id, conversationParticipants.conversationId))
    .where(and(eq(conversations.jobId, jobId), eq(conversations.kind, "group")));
  return rows.map((r) => r.userId).sort();
}

const strikesOf = (userId: string) => bed.t.db.select().from(reliabilityEvents).where(eq(reliabilityEvents.userId, userId));

/** An open job from FIRST_DAY with one worker applied and, through the procedure, accepted. */
async function hiredScene() {
  bed.at("2030-03-01", "09:00");
  const owner = await createEmployer(bed.t.db, { fullName: "Olga Owner" });
  const job = await createJob(bed.t.db, owner.id, {
    title: "Garden cleanup",
    startDate: FIRST_DAY,
    durationDays: 2,
    maxWorkers: 2,
  });
  const worker = await createWorker(bed.t.db, { fullName: "Wanda Worker" });
  const other = await createWorker(bed.t.db, { fullName: "Oleg Other" });
  const application = await createApplication(bed.t.db, job.id, worker.id);
  await createApplication(bed.t.db, job.id, other.id);
  await bed.t.callerAs(owner.id).applications.accept({ applicationId: application.id });
  return { owner, job, worker, other, application };
}

describe("applications.withdraw", () => {
  it("withdraws a pending application, tells the owner, and lets the worker apply again with new days", async () => {
    bed.at("2030-03-01", "09:00");
    const owner = await createEmployer(bed.t.db);
    const job = await createJob(bed.t.db, owner.id, {
      title: "Move boxes",
      startDate: FIRST_DAY,
      durationDays: 3,
      partialDays: true,
    });
    const worker = await createWorker(bed.t.db, { fullName: "Pavel Pending" });
    const me = bed.t.callerAs(worker.id);
    const applied = await me.applications.submit({ jobId: job.id, message: "First try" });

    expect(await me.applications.withdraw({ jobId: job.id })).toEqual({
      id: applied.id,
      status: "withdrawn",
      wasHired: false,
      lateCancellation: false,
    });
    expect(await me.applications.mine({ jobId: job.id })).toMatchObject({ status: "withdrawn" });
    expect((await noticesOf(bed.t, owner.id, "application_withdrawn")).map((n) => n.payload)).toEqual([
      { kind: "application_withdrawn", jobId: job.id, jobTitle: "Move boxes", workerName: "Pavel Pending", hired: false },
    ]);
    expect(await strikesOf(worker.id)).toEqual([]);
    // Twice is refused: nothing is left to withdraw.
    await expectRefusal(me.applications.withdraw({ jobId: job.id }), "CONFLICT", ERR.applicationNotPending);

    bed.at("2030-03-02", "10:00");
    const again = await me.applications.submit({ jobId: job.id, message: "Second try", days: ["2030-03-12"] });
    expect(again).toMatchObject({ id: applied.id, status: "pending", message: "Second try", days: ["2030-03-12"] });
    expect(again.createdAt).toEqual(bed.now);
    await expectRefusal(me.applications.submit({ jobId: job.id }), "CONFLICT", ERR.alreadyApplied);
  });

  it("does not let a rejected worker apply again", async () => {
    const owner = await createEmployer(bed.t.db);
    // On the test bed's clock (March 2030): a job whose days are still ahead.
    const job = await createJob(bed.t.db, owner.id, { startDate: "2030-03-10" });
    const worker = await createWorker(bed.t.db);
    await createApplication(bed.t.db, job.id, worker.id, { status: "rejected" });
    await expectRefusal(bed.t.callerAs(worker.id).applications.submit({ jobId: job.id }), "CONFLICT", ERR.alreadyApplied);
    await expectRefusal(
      bed.t.callerAs(worker.id).applications.withdraw({ jobId: job.id }),
      "CONFLICT",
      ERR.applicationNotPending,
    );
  });

  it("lets a hired worker leave early: the count drops, they leave the group chat, no strike", async () => {
    const { owner, job, worker } = await hiredScene();
    expect(await acceptedCount(job.id)).toBe(1);
    expect(await groupMembers(job.id)).toEqual([owner.id, worker.id].sort());
    const me = bed.t.callerAs(worker.id);
    expect(await me.applications.mine({ jobId: job.id })).toMatchObject({ status: "accepted", lateWithdrawal: null });

    bed.at("2030-03-08", "09:00");
    expect(await me.applications.withdraw({ jobId: job.id })).toMatchObject({ wasHired: true, lateCancellation: false });
    expect(await acceptedCount(job.id)).toBe(0);
    expect(await groupMembers(job.id)).toEqual([owner.id]);
    expect(await strikesOf(worker.id)).toEqual([]);
    expect((await noticesOf(bed.t, owner.id, "application_withdrawn")).map((n) => n.payload)).toEqual([
      { kind: "application_withdrawn", jobId: job.id, jobTitle: "Garden cleanup", workerName: "Wanda Worker", hired: true },
    ]);
    // No longer hired: the check-in card and the check-in are Access Denied.
    await expectRefusal(me.attendance.mine({ jobId: job.id }), "FORBIDDEN", ERR.attendanceDenied);
  });

  it("records a late cancellation with the hours of notice when a hired worker leaves under 24 h before", async () => {
    const { job, worker } = await hiredScene();
    const me = bed.t.callerAs(worker.id);
    // 09:00 the day before: 15 hours before local midnight of the first day.
    bed.at("2030-03-10", "09:00");
    expect(await me.applications.mine({ jobId: job.id })).toMatchObject({ lateWithdrawal: { noticeHours: 15 } });
    expect(await me.applications.withdraw({ jobId: job.id })).toMatchObject({ wasHired: true, lateCancellation: true });
    expect(await strikesOf(worker.id)).toMatchObject([
      { jobId: job.id, kind: "late_cancellation", role: "worker", onDate: FIRST_DAY, noticeHours: 15 },
    ]);
  });

  it("keeps the days already recorded in the job's timesheets after a hired worker leaves mid-job", async () => {
    const scene = await shiftScene(bed.t, 2);
    const [first, second] = scene.hires;
    if (!first || !second) throw new Error("two hires expected");
    const recorded = await workDay(bed, scene, first.worker.id, FIRST_DAY, "09:00", "17:00");
    bed.at(FIRST_DAY, "20:00");
    await bed.t.db.update(jobs).set({ status: "in_progress" }).where(eq(jobs.id, scene.job.id));
    await bed.t.callerAs(first.worker.id).applications.withdraw({ jobId: scene.job.id });

    const sheets = await bed.t.callerAs(scene.owner.id).timesheets.forJob({ jobId: scene.job.id });
    const rowsOf = (applicationId: string) => sheets.rows.filter((r) => r.applicationId === applicationId).map((r) => r.date);
    expect(rowsOf(first.application.id)).toEqual([FIRST_DAY]);
    expect(rowsOf(second.application.id)).toEqual([FIRST_DAY, "2030-03-12"]);
    // Kept as history: no longer the owner's to record.
    expect(sheets.rows.filter((r) => !r.hired).map((r) => r.applicationId)).toEqual([first.application.id]);
    // The owner changes the hours of the day they worked: the notice opens the job's timesheets, which
    // show the one who left that day alone, theirs to accept (docs/decisions/046).
    await bed.t.callerAs(scene.owner.id).timesheets.edit({ timesheetId: recorded.id, minutes: 420, reason: "Lunch hour" });
    const [edited] = await noticesOf(bed.t, first.worker.id, "timesheet_edited");
    expect(notificationPath(notificationPayloadSchema.parse(edited?.payload))).toBe(`/jobs/${scene.job.id}/timesheets`);
    const own = await bed.t.callerAs(first.worker.id).timesheets.forJob({ jobId: scene.job.id });
    expect(own.viewer).toBe("worker");
    expect(own.rows.map((r) => [r.applicationId, r.date, r.hired])).toEqual([[first.application.id, FIRST_DAY, false]]);
    await bed.t.callerAs(first.worker.id).timesheets.accept({ timesheetId: recorded.id });
    // Someone who withdrew before anything was recorded is nobody to this job's timesheets.
    const early = await createWorker(bed.t.db);
    await createApplication(bed.t.db, scene.job.id, early.id, { status: "withdrawn" });
    await expectRefusal(bed.t.callerAs(early.id).timesheets.forJob({ jobId: scene.job.id }), "NOT_FOUND", ERR.jobNotFound);
    // The next day the one who left cannot check in.
    bed.at("2030-03-12", "09:00");
    const code = await ownerCodeNow(bed.t, scene.owner.id, scene.job.id);
    await expectRefusal(
      bed.t.callerAs(first.worker.id).attendance.checkIn({ jobId: scene.job.id, code }),
      "FORBIDDEN",
      ERR.attendanceDenied,
    );
  });

  it("is refused once the job is completed or cancelled", async () => {
    const { job, worker } = await hiredScene();
    await bed.t.db.update(jobs).set({ status: "completed" }).where(eq(jobs.id, job.id));
    await expectRefusal(bed.t.callerAs(worker.id).applications.withdraw({ jobId: job.id }), "CONFLICT", ERR.withdrawJobFinished);
    expect((await applicationOf(job.id, worker.id))?.status).toBe("accepted");
  });

  it("answers anyone but the applicant as if there were no application", async () => {
    const { owner, job, worker } = await hiredScene();
    const stranger = await createWorker(bed.t.db);
    const otherEmployer = await createEmployer(bed.t.db);
    for (const id of [stranger.id, owner.id, otherEmployer.id]) {
      await expectRefusal(bed.t.callerAs(id).applications.withdraw({ jobId: job.id }), "NOT_FOUND", ERR.noApplication);
    }
    await expectRefusal(
      bed.t.callerAs(worker.id).applications.withdraw({ jobId: "00000000-0000-4000-8000-000000000000" }),
      "NOT_FOUND",
      ERR.noApplication,
    );
    await expectRefusal(bed.t.callerAs(null).applications.withdraw({ jobId: job.id }), "UNAUTHORIZED", ERR.unauthorized);
    expect((await applicationOf(job.id, worker.id))?.status).toBe("accepted");
  });
});
