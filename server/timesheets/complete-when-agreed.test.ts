import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { jobs } from "../../db/schema/index.ts";
import { addDays } from "../../domain/attendance.ts";
import { FIRST_DAY, noticesOf, SECOND_DAY, shiftScene, shiftTestbed, workDay } from "../attendance/shift-test-kit.ts";
import { completeWhenAgreed } from "./complete-when-agreed.ts";
import { settleTimesheetDeadlines } from "./deadlines.ts";

const bed = shiftTestbed();

const statusOf = async (jobId: string) =>
  (await bed.t.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, jobId)))[0]?.status;

describe("a job whose timesheets are all agreed", () => {
  it("is completed once the last of them is agreed, and its worker is told; not before", async () => {
    const scene = await shiftScene(bed.t);
    const { owner, worker, job } = scene;
    const first = await workDay(bed, scene, worker.id, FIRST_DAY, "08:00", "16:00");
    const second = await workDay(bed, scene, worker.id, SECOND_DAY, "08:00", "17:00");
    bed.at(SECOND_DAY, "20:00");
    await bed.t.callerAs(owner.id).timesheets.approve({ timesheetIds: [first.id, second.id] });

    await bed.t.callerAs(worker.id).timesheets.accept({ timesheetId: first.id });
    await bed.t.runBackground();
    expect(await statusOf(job.id)).toBe("open");

    // The second day is disputed and resolved by the owner: that makes everything agreed.
    await bed.t.callerAs(worker.id).timesheets.dispute({ timesheetId: second.id, minutes: 600, reason: "Stayed to lock up." });
    await bed.t.runBackground();
    expect(await statusOf(job.id)).toBe("open");
    await bed.t.callerAs(owner.id).timesheets.resolve({ timesheetId: second.id, minutes: 570, reason: "Locked up at 17:30." });
    await bed.t.runBackground();
    expect(await statusOf(job.id)).toBe("completed");
    expect(await noticesOf(bed.t, worker.id, "job_completed")).toEqual([
      { payload: { kind: "job_completed", jobId: job.id, jobTitle: job.title } },
    ]);

    // Run again (a retry, a second instance): nothing more happens.
    expect(await completeWhenAgreed(bed.t.db, bed.t.services.queue, job.id, bed.now)).toBe(false);
    expect(await noticesOf(bed.t, worker.id, "job_completed")).toHaveLength(1);
  });

  it("is completed when the deadlines settle the last timesheets", async () => {
    const scene = await shiftScene(bed.t, 1, { durationDays: 1 });
    await workDay(bed, scene, scene.worker.id, FIRST_DAY, "09:00", "15:00");
    // Nobody answers: past the owner's window the pass approves it as recorded.
    bed.at(addDays(FIRST_DAY, 5), "12:00");
    expect(await settleTimesheetDeadlines(bed.t.db, bed.t.services.queue, bed.now)).toBeGreaterThanOrEqual(1);
    await bed.t.runBackground();
    expect(await statusOf(scene.job.id)).toBe("completed");
  });

  it("waits for the owner when a day was recorded absent (it has no timesheet)", async () => {
    const scene = await shiftScene(bed.t, 1, { startTime: "08:00" });
    const { owner, worker, hire, job } = scene;
    const first = await workDay(bed, scene, worker.id, FIRST_DAY, "08:00", "16:00");
    bed.at(SECOND_DAY, "20:00");
    await bed.t.callerAs(owner.id).attendance.record({ applicationId: hire.id, date: SECOND_DAY, presence: "absent" });
    await bed.t.callerAs(owner.id).timesheets.approve({ timesheetIds: [first.id] });
    await bed.t.callerAs(worker.id).timesheets.accept({ timesheetId: first.id });
    await bed.t.runBackground();
    expect(await statusOf(job.id)).toBe("open");
  });
});
