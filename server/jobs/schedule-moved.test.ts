import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { createApplication } from "../../db/factories/jobs.ts";
import { CITY } from "../../db/factories/places.ts";
import { createWorker } from "../../db/factories/users.ts";
import { jobApplications, jobs, reliabilityEvents } from "../../db/schema/index.ts";
import { addDays } from "../../domain/attendance.ts";
import { ERR } from "../../domain/errors.ts";
import type { JobUpdateInput } from "../../domain/jobs.ts";
import { notificationPath, notificationPayloadSchema } from "../../domain/notifications.ts";
import { FIRST_DAY, noticesOf, SCENE_ZONE, shiftScene, shiftTestbed } from "../attendance/shift-test-kit.ts";
import { notificationDetails, notificationText } from "../i18n/notification-text.ts";
import { expectRefusal } from "../testing/refusal.ts";
import { validJobInput } from "./job-test-kit.ts";

// docs/decisions/056: moving a hired job's days or start time tells its workers and frees their withdrawal.
const bed = shiftTestbed();
const FIVE_DAYS_BEFORE = addDays(FIRST_DAY, -5);

/** The edit form of a scene's job (Moscow, 09:00, two days from FIRST_DAY) with `changes`. */
function edit(jobId: string, changes: Partial<JobUpdateInput> = {}): JobUpdateInput {
  const { language: _language, ...form } = validJobInput({
    title: "Warehouse shifts",
    cityId: CITY.moscow,
    startDate: FIRST_DAY,
    startTime: "09:00",
    durationDays: 2,
    maxWorkers: 4,
    timeZone: SCENE_ZONE,
  });
  return { ...form, jobId, ...changes };
}

/** A scene's job starting FIRST_DAY at 09:00 with two hired workers and one pending applicant. */
async function movedScene() {
  const scene = await shiftScene(bed.t, 2, { startTime: "09:00" });
  const pending = await createWorker(bed.t.db, { fullName: "Pia Pending" });
  await createApplication(bed.t.db, scene.job.id, pending.id);
  return { ...scene, pending };
}

const firstWorker = (hires: { worker: { id: string } }[]) => hires[0]?.worker.id ?? "";
const strikesOf = (userId: string) => bed.t.db.select().from(reliabilityEvents).where(eq(reliabilityEvents.userId, userId));

describe("moving a hired job", () => {
  it("tells each hired worker once, in the app and by the notify path, and nobody else", async () => {
    const { owner, job, hires, pending } = await movedScene();
    bed.at(FIVE_DAYS_BEFORE, "12:00");
    const newStart = addDays(FIRST_DAY, -2);
    await bed.t.callerAs(owner.id).jobs.update(edit(job.id, { startDate: newStart, startTime: "07:30" }));

    for (const { worker } of hires) {
      const notices = await noticesOf(bed.t, worker.id, "job_schedule_changed");
      expect(notices).toEqual([
        {
          payload: {
            kind: "job_schedule_changed",
            jobId: job.id,
            jobTitle: "Warehouse shifts",
            startDate: newStart,
            durationDays: 2,
            startTime: "07:30",
            hourlyRate: 450,
            currency: "RUB",
          },
        },
      ]);
      // The e-mail and push say the new start and that leaving is free, in the worker's language.
      const payload = notificationPayloadSchema.parse(notices[0]?.payload);
      expect(notificationPath(payload)).toBe(`/jobs/${job.id}`);
      expect(notificationText(payload, "en").body).toMatch(/07:30.*without a strike/);
      expect(notificationText(payload, "ru").body).toContain("07:30");
      expect(notificationDetails(payload, "en")).toHaveLength(2);
    }
    expect(await noticesOf(bed.t, pending.id, "job_schedule_changed")).toEqual([]);
    expect(await noticesOf(bed.t, owner.id, "job_schedule_changed")).toEqual([]);

    // An edit that moves nothing tells nobody again; a longer job is a change of its days.
    await bed.t.callerAs(owner.id).jobs.update(edit(job.id, { startDate: newStart, startTime: "07:30", title: "Renamed" }));
    expect(await noticesOf(bed.t, firstWorker(hires), "job_schedule_changed")).toHaveLength(1);
    await bed.t.callerAs(owner.id).jobs.update(edit(job.id, { startDate: newStart, startTime: "07:30", durationDays: 3 }));
    expect(await noticesOf(bed.t, firstWorker(hires), "job_schedule_changed")).toHaveLength(2);
  });

  it("lets a hired worker withdraw late without a strike, while a late withdrawal from an unmoved job still is one", async () => {
    const moved = await movedScene();
    const kept = await shiftScene(bed.t, 1, { startTime: "09:00" });
    bed.at(FIVE_DAYS_BEFORE, "12:00");
    // Moved later, with days to spare: allowed, and the workers may still leave freely.
    await bed.t.callerAs(moved.owner.id).jobs.update(edit(moved.job.id, { startTime: "10:00" }));

    bed.at(FIRST_DAY, "07:00");
    const [first] = moved.hires;
    if (!first) throw new Error("two hires");
    expect((await bed.t.callerAs(first.worker.id).applications.mine({ jobId: moved.job.id })).lateWithdrawal).toBeNull();
    const left = await bed.t.callerAs(first.worker.id).applications.withdraw({ jobId: moved.job.id });
    expect(left).toMatchObject({ wasHired: true, lateCancellation: false });
    expect(await strikesOf(first.worker.id)).toEqual([]);

    expect((await bed.t.callerAs(kept.worker.id).applications.mine({ jobId: kept.job.id })).lateWithdrawal).toEqual({
      noticeHours: 2,
    });
    const late = await bed.t.callerAs(kept.worker.id).applications.withdraw({ jobId: kept.job.id });
    expect(late).toMatchObject({ wasHired: true, lateCancellation: true });
    expect(await strikesOf(kept.worker.id)).toMatchObject([{ kind: "late_cancellation", noticeHours: 2 }]);
  });

  it("frees no withdrawal for a worker who was only applying when the job moved", async () => {
    const { owner, job, pending } = await movedScene();
    bed.at(FIVE_DAYS_BEFORE, "12:00");
    await bed.t.callerAs(owner.id).jobs.update(edit(job.id, { startTime: "10:00" }));
    const [application] = await bed.t.db
      .select()
      .from(jobApplications)
      .where(and(eq(jobApplications.jobId, job.id), eq(jobApplications.workerId, pending.id)));
    if (!application) throw new Error("an application");
    await bed.t.callerAs(owner.id).applications.accept({ applicationId: application.id });
    bed.at(FIRST_DAY, "08:00");
    expect(await bed.t.callerAs(pending.id).applications.withdraw({ jobId: job.id })).toMatchObject({ lateCancellation: true });
  });

  it("refuses to bring a hired job's day forward to less than 24 hours ahead; a job with nobody hired may", async () => {
    const { owner, job, hires } = await movedScene();
    bed.at(FIVE_DAYS_BEFORE, "02:08");
    // The case: from five days out to later today.
    await expectRefusal(
      bed.t.callerAs(owner.id).jobs.update(edit(job.id, { startDate: FIVE_DAYS_BEFORE, startTime: "23:30" })),
      "CONFLICT",
      ERR.scheduleChangeTooSoon,
    );
    const [row] = await bed.t.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row).toMatchObject({ startDate: FIRST_DAY, startTime: "09:00:00" });
    expect(await noticesOf(bed.t, firstWorker(hires), "job_schedule_changed")).toEqual([]);

    // A day added to begin within 24 hours is refused the same way.
    bed.at(addDays(FIRST_DAY, 1), "10:00");
    await expectRefusal(
      bed.t.callerAs(owner.id).jobs.update(edit(job.id, { durationDays: 3 })),
      "CONFLICT",
      ERR.scheduleChangeTooSoon,
    );

    const unstaffed = await shiftScene(bed.t, 1, { startTime: "09:00" });
    await bed.t.db.delete(jobApplications).where(eq(jobApplications.jobId, unstaffed.job.id));
    await bed.t.db.update(jobs).set({ acceptedCount: 0 }).where(eq(jobs.id, unstaffed.job.id));
    bed.at(FIVE_DAYS_BEFORE, "02:08");
    await bed.t
      .callerAs(unstaffed.owner.id)
      .jobs.update(edit(unstaffed.job.id, { startDate: FIVE_DAYS_BEFORE, startTime: "23:30" }));
  });
});
