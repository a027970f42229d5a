import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { timesheetEvents, timesheets } from "../../db/schema/index.ts";
import { ERR } from "../../domain/errors.ts";
import { FIRST_DAY, noticesOf, SECOND_DAY, shiftScene, shiftTestbed, workDay } from "../attendance/shift-test-kit.ts";
import { expectRefusal } from "../testing/refusal.ts";

const bed = shiftTestbed();

describe("the owner approves, the worker accepts", () => {
  it("approve → the worker is told → accept: agreed, and both read the same history", async () => {
    const scene = await shiftScene(bed.t);
    const { owner, worker, job } = scene;
    const sheet = await workDay(bed, scene, worker.id, FIRST_DAY, "08:00", "16:30");
    bed.at(FIRST_DAY, "20:00");
    const { approved, skippedIds } = await bed.t.callerAs(owner.id).timesheets.approve({ timesheetIds: [sheet.id] });
    expect(skippedIds).toEqual([]);
    expect(approved).toMatchObject([{ id: sheet.id, status: "approved", minutes: 510, employerDeadline: null }]);
    expect(approved[0]?.workerDeadline?.toISOString()).toBe(new Date(bed.now.getTime() + 48 * 3_600_000).toISOString());
    expect(await noticesOf(bed.t, worker.id, "timesheet_approved")).toEqual([
      { payload: { kind: "timesheet_approved", jobId: job.id, jobTitle: job.title, shiftDate: FIRST_DAY } },
    ]);

    bed.at(SECOND_DAY, "07:00");
    const accepted = await bed.t.callerAs(worker.id).timesheets.accept({ timesheetId: sheet.id });
    expect(accepted).toMatchObject({ status: "accepted", minutes: 510, workerDeadline: null });
    await expectRefusal(bed.t.callerAs(worker.id).timesheets.accept({ timesheetId: sheet.id }), "CONFLICT", ERR.timesheetState);
    await expectRefusal(
      bed.t.callerAs(owner.id).timesheets.approve({ timesheetIds: [sheet.id] }),
      "CONFLICT",
      ERR.timesheetState,
    );

    const forOwner = await bed.t.callerAs(owner.id).timesheets.history({ timesheetId: sheet.id });
    const forWorker = await bed.t.callerAs(worker.id).timesheets.history({ timesheetId: sheet.id });
    expect(forWorker).toEqual(forOwner);
    expect(forOwner.events.map((e) => `${e.actor}:${e.action}`)).toEqual([
      "worker:recorded",
      "owner:approved",
      "worker:accepted",
    ]);
  });

  it("edit with a reason → dispute with a reason and a claim → resolve: each side told, every step in the history", async () => {
    const scene = await shiftScene(bed.t);
    const { owner, worker, job } = scene;
    const sheet = await workDay(bed, scene, worker.id, FIRST_DAY, "08:00", "18:00");
    bed.at(FIRST_DAY, "19:00");
    const owner_ = bed.t.callerAs(owner.id).timesheets;
    const worker_ = bed.t.callerAs(worker.id).timesheets;
    await expectRefusal(
      owner_.edit({ timesheetId: sheet.id, minutes: 540, reason: "   " }),
      "BAD_REQUEST",
      ERR.timesheetReasonRequired,
    );
    await expectRefusal(
      owner_.edit({ timesheetId: sheet.id, minutes: 1441, reason: "Too long" }),
      "BAD_REQUEST",
      ERR.timesheetMinutesRange,
    );
    await expectRefusal(
      owner_.edit({ timesheetId: sheet.id, minutes: 61.5, reason: "Half" }),
      "BAD_REQUEST",
      ERR.timesheetMinutesRange,
    );
    const edited = await owner_.edit({ timesheetId: sheet.id, minutes: 540, reason: "One hour lunch break" });
    expect(edited).toMatchObject({ status: "edited", minutes: 540, recordedMinutes: 600 });
    expect(await noticesOf(bed.t, worker.id, "timesheet_edited")).toHaveLength(1);
    // Still the owner's until the worker answers: a second edit restarts the worker's window.
    bed.later(60);
    const again = await owner_.edit({ timesheetId: sheet.id, minutes: 570, reason: "Half an hour, not one" });
    expect(again.workerDeadline?.getTime()).toBe(bed.now.getTime() + 48 * 3_600_000);

    await expectRefusal(
      owner_.resolve({ timesheetId: sheet.id, minutes: 600, reason: "Not disputed" }),
      "CONFLICT",
      ERR.timesheetState,
    );
    await expectRefusal(worker_.dispute({ timesheetId: sheet.id, reason: "" }), "BAD_REQUEST", ERR.timesheetReasonRequired);
    const disputed = await worker_.dispute({ timesheetId: sheet.id, reason: "There was no lunch break", minutes: 600 });
    expect(disputed.status).toBe("disputed");
    expect(await noticesOf(bed.t, owner.id, "timesheet_disputed")).toEqual([
      {
        payload: { kind: "timesheet_disputed", jobId: job.id, jobTitle: job.title, shiftDate: FIRST_DAY, workerName: "Worker A" },
      },
    ]);
    await expectRefusal(worker_.accept({ timesheetId: sheet.id }), "CONFLICT", ERR.timesheetState);
    await expectRefusal(owner_.edit({ timesheetId: sheet.id, minutes: 600, reason: "Fine" }), "CONFLICT", ERR.timesheetState);
    await expectRefusal(owner_.approve({ timesheetIds: [sheet.id] }), "CONFLICT", ERR.timesheetState);

    const resolved = await owner_.resolve({ timesheetId: sheet.id, minutes: 600, reason: "The gate log agrees with you" });
    expect(resolved).toMatchObject({ status: "resolved", minutes: 600 });
    expect(await noticesOf(bed.t, worker.id, "timesheet_resolved")).toHaveLength(1);
    await expectRefusal(
      owner_.resolve({ timesheetId: sheet.id, minutes: 500, reason: "Changed my mind" }),
      "CONFLICT",
      ERR.timesheetState,
    );

    const { events } = await worker_.history({ timesheetId: sheet.id });
    expect(
      events.map(({ actor, action, oldMinutes, newMinutes, reason }) => ({ actor, action, oldMinutes, newMinutes, reason })),
    ).toEqual([
      { actor: "worker", action: "recorded", oldMinutes: null, newMinutes: 600, reason: null },
      { actor: "owner", action: "edited", oldMinutes: 600, newMinutes: 540, reason: "One hour lunch break" },
      { actor: "owner", action: "edited", oldMinutes: 540, newMinutes: 570, reason: "Half an hour, not one" },
      { actor: "worker", action: "disputed", oldMinutes: 570, newMinutes: 600, reason: "There was no lunch break" },
      { actor: "owner", action: "resolved", oldMinutes: 570, newMinutes: 600, reason: "The gate log agrees with you" },
    ]);
  });

  it("answers 'not found' to everyone but the side whose move it is, and changes nothing", async () => {
    const scene = await shiftScene(bed.t, 2);
    const { owner, worker, otherEmployer, otherWorker, hires } = scene;
    const colleague = hires[1]?.worker;
    if (!colleague) throw new Error("two hires");
    const sheet = await workDay(bed, scene, worker.id, FIRST_DAY, "08:00", "12:00");
    const reason = "Because";
    for (const caller of [worker.id, colleague.id, otherEmployer.id, otherWorker.id]) {
      const as = bed.t.callerAs(caller).timesheets;
      await expectRefusal(as.approve({ timesheetIds: [sheet.id] }), "NOT_FOUND", ERR.timesheetNotFound);
      await expectRefusal(as.edit({ timesheetId: sheet.id, minutes: 60, reason }), "NOT_FOUND", ERR.timesheetNotFound);
      await expectRefusal(as.resolve({ timesheetId: sheet.id, minutes: 60, reason }), "NOT_FOUND", ERR.timesheetNotFound);
    }
    await bed.t.callerAs(owner.id).timesheets.approve({ timesheetIds: [sheet.id] });
    for (const caller of [owner.id, colleague.id, otherEmployer.id, otherWorker.id]) {
      const as = bed.t.callerAs(caller).timesheets;
      await expectRefusal(as.accept({ timesheetId: sheet.id }), "NOT_FOUND", ERR.timesheetNotFound);
      await expectRefusal(as.dispute({ timesheetId: sheet.id, reason }), "NOT_FOUND", ERR.timesheetNotFound);
    }
    for (const caller of [colleague.id, otherEmployer.id, otherWorker.id]) {
      await expectRefusal(
        bed.t.callerAs(caller).timesheets.history({ timesheetId: sheet.id }),
        "NOT_FOUND",
        ERR.timesheetNotFound,
      );
    }
    await expectRefusal(bed.t.callerAs(null).timesheets.accept({ timesheetId: sheet.id }), "UNAUTHORIZED", ERR.unauthorized);
    const [stored] = await bed.t.db.select().from(timesheets).where(eq(timesheets.id, sheet.id));
    expect(stored).toMatchObject({ status: "approved", minutes: 240 });
    expect(await bed.t.db.$count(timesheetEvents, eq(timesheetEvents.timesheetId, sheet.id))).toBe(2);
  });

  it("approves a day's timesheets at once, skipping those already decided; another owner's id refuses the whole call", async () => {
    const scene = await shiftScene(bed.t, 3);
    const [a, b, c] = scene.hires;
    if (!a || !b || !c) throw new Error("three hires");
    const sheets = [
      await workDay(bed, scene, a.worker.id, FIRST_DAY, "08:00", "12:00"),
      await workDay(bed, scene, b.worker.id, FIRST_DAY, "08:00", "13:00"),
      await workDay(bed, scene, c.worker.id, FIRST_DAY, "08:00", "14:00"),
    ];
    const ids = sheets.map((s) => s.id);
    const foreign = await shiftScene(bed.t);
    const foreignSheet = await workDay(bed, foreign, foreign.worker.id, FIRST_DAY, "08:00", "10:00");
    const owner_ = bed.t.callerAs(scene.owner.id).timesheets;
    await expectRefusal(owner_.approve({ timesheetIds: [...ids, foreignSheet.id] }), "NOT_FOUND", ERR.timesheetNotFound);
    expect(await bed.t.db.$count(timesheets, inArray(timesheets.id, ids))).toBe(3);
    expect((await bed.t.db.select().from(timesheets).where(inArray(timesheets.id, ids))).map((s) => s.status)).toEqual([
      "pending_employer",
      "pending_employer",
      "pending_employer",
    ]);

    await owner_.edit({ timesheetId: ids[2] ?? "", minutes: 300, reason: "Left early" });
    const result = await owner_.approve({ timesheetIds: [...ids, ids[0] ?? ""] });
    expect(result.approved.map((s) => s.id).sort()).toEqual([ids[0], ids[1]].sort());
    expect(result.skippedIds).toEqual([ids[2]]);
    await expectRefusal(owner_.approve({ timesheetIds: ids }), "CONFLICT", ERR.timesheetState);
    await expectRefusal(owner_.approve({ timesheetIds: [] }), "BAD_REQUEST", ERR.timesheetNotFound);
  });

  it("lets one of a racing approve and edit win, and the worker's accept race the owner's edit", async () => {
    const scene = await shiftScene(bed.t);
    const sheet = await workDay(bed, scene, scene.worker.id, FIRST_DAY, "08:00", "12:00");
    const owner_ = bed.t.callerAs(scene.owner.id).timesheets;
    const [approve, edit] = await Promise.allSettled([
      owner_.approve({ timesheetIds: [sheet.id] }),
      owner_.edit({ timesheetId: sheet.id, minutes: 200, reason: "Short day" }),
    ]);
    // The edit may follow an approval (the worker has not answered); an approval after an edit is refused.
    expect(edit.status).toBe("fulfilled");
    const [stored] = await bed.t.db.select().from(timesheets).where(eq(timesheets.id, sheet.id));
    expect(stored).toMatchObject({ status: "edited", minutes: 200 });
    if (approve.status === "rejected") expect(approve.reason).toMatchObject({ code: "CONFLICT", message: ERR.timesheetState });

    const [accept, edit2] = await Promise.allSettled([
      bed.t.callerAs(scene.worker.id).timesheets.accept({ timesheetId: sheet.id }),
      owner_.edit({ timesheetId: sheet.id, minutes: 100, reason: "Even shorter" }),
    ]);
    const [after] = await bed.t.db.select().from(timesheets).where(eq(timesheets.id, sheet.id));
    // Either the worker accepted 200 and the edit came too late, or the edit came first and the accept took 100.
    if (edit2.status === "rejected") expect(after).toMatchObject({ status: "accepted", minutes: 200 });
    else expect(after).toMatchObject({ status: "accepted", minutes: 100 });
    expect(accept.status).toBe("fulfilled");
  });
});
