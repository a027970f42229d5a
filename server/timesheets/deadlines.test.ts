import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { timesheetEvents, timesheets } from "../../db/schema/index.ts";
import { ERR } from "../../domain/errors.ts";
import { EMPLOYER_APPROVAL_HOURS, WORKER_ANSWER_HOURS } from "../../domain/timesheets.ts";
import { FIRST_DAY, noticesOf, SECOND_DAY, shiftScene, shiftTestbed, workDay } from "../attendance/shift-test-kit.ts";
import { expectRefusal } from "../testing/refusal.ts";
import { settleTimesheetDeadlines } from "./deadlines.ts";

const bed = shiftTestbed();

/** Runs the scheduled pass as the schedule does: a job on the queue, run by the app's handler on its clock. */
async function runDeadlinePass() {
  await bed.t.services.queue.send(bed.t.db, "timesheet-deadlines", {});
  await bed.t.runBackground();
}

async function stored(id: string) {
  const [row] = await bed.t.db.select().from(timesheets).where(eq(timesheets.id, id));
  return row;
}

const eventsOf = (id: string) =>
  bed.t.db.select().from(timesheetEvents).where(eq(timesheetEvents.timesheetId, id)).orderBy(timesheetEvents.id);

describe("unanswered timesheets settle at their deadlines", () => {
  it("the worker's 48 hours: an approval nobody answered is accepted, by the system, once", async () => {
    const scene = await shiftScene(bed.t);
    const sheet = await workDay(bed, scene, scene.worker.id, FIRST_DAY, "08:00", "16:00");
    bed.at(FIRST_DAY, "20:00");
    const approvedAt = bed.now;
    await bed.t.callerAs(scene.owner.id).timesheets.approve({ timesheetIds: [sheet.id] });

    bed.later(WORKER_ANSWER_HOURS * 60 - 1);
    await runDeadlinePass();
    expect((await stored(sheet.id))?.status).toBe("approved");

    bed.at(FIRST_DAY, "20:00");
    bed.later(WORKER_ANSWER_HOURS * 60);
    expect(bed.now.getTime() - approvedAt.getTime()).toBe(WORKER_ANSWER_HOURS * 3_600_000);
    // Past the deadline the worker's own answer is refused, even before the pass has run.
    await expectRefusal(
      bed.t.callerAs(scene.worker.id).timesheets.dispute({ timesheetId: sheet.id, reason: "Too late" }),
      "CONFLICT",
      ERR.timesheetDeadlinePassed,
    );
    // And the owner can no longer change what the worker is now held to have accepted.
    await expectRefusal(
      bed.t.callerAs(scene.owner.id).timesheets.edit({ timesheetId: sheet.id, minutes: 60, reason: "Second thoughts" }),
      "CONFLICT",
      ERR.timesheetState,
    );
    await runDeadlinePass();
    expect(await stored(sheet.id)).toMatchObject({ status: "accepted", minutes: 480, workerDeadline: null });
    await runDeadlinePass();
    const events = await eventsOf(sheet.id);
    expect(events.map((e) => `${e.actor}:${e.action}`)).toEqual(["worker:recorded", "owner:approved", "system:auto_accepted"]);
    expect(events.at(-1)).toMatchObject({ oldMinutes: 480, newMinutes: 480, createdAt: bed.now });
  });

  it("the owner's 72 hours after the shift: approved with the recorded minutes, both told, once", async () => {
    const scene = await shiftScene(bed.t);
    const { owner, worker, job } = scene;
    const sheet = await workDay(bed, scene, worker.id, SECOND_DAY, "09:00", "17:45");
    // The second day ends at midnight, Moscow time; the deadline is 72 hours after.
    expect(sheet.employerDeadline?.toISOString()).toBe("2030-03-15T21:00:00.000Z");
    expect(EMPLOYER_APPROVAL_HOURS).toBe(72);
    bed.at("2030-03-16", "00:00");
    bed.later(-1);
    await runDeadlinePass();
    expect((await stored(sheet.id))?.status).toBe("pending_employer");

    bed.later(1);
    await expectRefusal(
      bed.t.callerAs(owner.id).timesheets.approve({ timesheetIds: [sheet.id] }),
      "CONFLICT",
      ERR.timesheetDeadlinePassed,
    );
    await expectRefusal(
      bed.t.callerAs(owner.id).timesheets.edit({ timesheetId: sheet.id, minutes: 60, reason: "Late edit" }),
      "CONFLICT",
      ERR.timesheetDeadlinePassed,
    );
    await runDeadlinePass();
    await runDeadlinePass();
    expect(await stored(sheet.id)).toMatchObject({ status: "auto_approved", minutes: 525, employerDeadline: null });
    expect((await eventsOf(sheet.id)).map((e) => `${e.actor}:${e.action}`)).toEqual(["worker:recorded", "system:auto_approved"]);
    const told = {
      kind: "timesheet_auto_approved",
      jobId: job.id,
      jobTitle: job.title,
      shiftDate: SECOND_DAY,
      workerName: "Worker A",
    };
    expect(await noticesOf(bed.t, owner.id, "timesheet_auto_approved")).toEqual([{ payload: told }]);
    expect(await noticesOf(bed.t, worker.id, "timesheet_auto_approved")).toEqual([{ payload: told }]);
    // Agreed and final: nobody changes it any more.
    await expectRefusal(
      bed.t.callerAs(worker.id).timesheets.dispute({ timesheetId: sheet.id, reason: "No" }),
      "CONFLICT",
      ERR.timesheetState,
    );
  });

  it("leaves alone what was answered in time, and a disputed timesheet waits for the owner", async () => {
    const scene = await shiftScene(bed.t, 2);
    const [a, b] = scene.hires;
    if (!a || !b) throw new Error("two hires");
    const first = await workDay(bed, scene, a.worker.id, FIRST_DAY, "08:00", "12:00");
    const second = await workDay(bed, scene, b.worker.id, FIRST_DAY, "08:00", "12:00");
    bed.at(FIRST_DAY, "13:00");
    await bed.t.callerAs(scene.owner.id).timesheets.approve({ timesheetIds: [first.id, second.id] });
    await bed.t.callerAs(a.worker.id).timesheets.accept({ timesheetId: first.id });
    await bed.t.callerAs(b.worker.id).timesheets.dispute({ timesheetId: second.id, reason: "I stayed longer" });
    bed.later(30 * 24 * 60);
    await runDeadlinePass();
    expect((await stored(first.id))?.status).toBe("accepted");
    expect((await stored(second.id))?.status).toBe("disputed");
  });

  it("settles each timesheet once when two passes run at the same time (two instances)", async () => {
    const scene = await shiftScene(bed.t, 4);
    const ids: string[] = [];
    for (const hire of scene.hires) ids.push((await workDay(bed, scene, hire.worker.id, FIRST_DAY, "08:00", "12:00")).id);
    bed.at("2030-03-20", "12:00");
    const [one, two] = await Promise.all([
      settleTimesheetDeadlines(bed.t.db, bed.t.services.queue, bed.now),
      settleTimesheetDeadlines(bed.t.db, bed.t.services.queue, bed.now),
    ]);
    expect((one ?? 0) + (two ?? 0)).toBeGreaterThanOrEqual(ids.length);
    for (const id of ids) {
      expect((await stored(id))?.status).toBe("auto_approved");
      expect((await eventsOf(id)).filter((e) => e.action === "auto_approved")).toHaveLength(1);
    }
    expect(await noticesOf(bed.t, scene.owner.id, "timesheet_auto_approved")).toHaveLength(ids.length);
  });

  it("keeps the history append-only: the database refuses to rewrite a line", async () => {
    const scene = await shiftScene(bed.t);
    const sheet = await workDay(bed, scene, scene.worker.id, FIRST_DAY, "08:00", "09:00");
    await expect(
      bed.t.db.execute(sql`update timesheet_events set reason = 'rewritten' where timesheet_id = ${sheet.id}`),
    ).rejects.toThrow();
    expect((await eventsOf(sheet.id))[0]?.reason).toBeNull();
  });
});
