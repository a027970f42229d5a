import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { shiftAttendance, timesheets } from "../../db/schema/index.ts";
import { ERR } from "../../domain/errors.ts";
import { expectRefusal } from "../testing/refusal.ts";
import { FIRST_DAY, noticesOf, ownerCodeNow, SECOND_DAY, shiftScene, shiftTestbed } from "./shift-test-kit.ts";

const bed = shiftTestbed();

describe("the owner records a worker's day", () => {
  it("present with times (also through midnight) or absent: the timesheet is theirs, approved, and the worker is told", async () => {
    const { owner, job, hires } = await shiftScene(bed.t, 3);
    const [day, night, away] = hires;
    if (!day || !night || !away) throw new Error("three hires");
    const as = bed.t.callerAs(owner.id).attendance;

    bed.at(FIRST_DAY, "20:00");
    const present = await as.record({
      applicationId: day.application.id,
      date: FIRST_DAY,
      presence: "present",
      checkIn: "08:00",
      checkOut: "17:15",
    });
    expect(present.attendance).toMatchObject({
      presence: "present",
      checkInLocal: "08:00",
      checkOutLocal: "17:15",
      checkInBy: "owner",
    });
    expect(present.timesheet).toMatchObject({ status: "approved", minutes: 555, recordedMinutes: 555, employerDeadline: null });
    expect(present.timesheet?.workerDeadline?.getTime()).toBe(bed.now.getTime() + 48 * 3_600_000);
    expect(await noticesOf(bed.t, day.worker.id, "timesheet_approved")).toEqual([
      { payload: { kind: "timesheet_approved", jobId: job.id, jobTitle: job.title, shiftDate: FIRST_DAY } },
    ]);

    bed.at(SECOND_DAY, "06:00");
    const overnight = await as.record({
      applicationId: night.application.id,
      date: FIRST_DAY,
      presence: "present",
      checkIn: "20:00",
      checkOut: "04:00",
    });
    expect(overnight.timesheet?.minutes).toBe(480);
    expect(overnight.attendance?.checkedOutAt?.toISOString()).toBe("2030-03-12T01:00:00.000Z");

    const absent = await as.record({ applicationId: away.application.id, date: FIRST_DAY, presence: "absent" });
    expect(absent.attendance).toMatchObject({ presence: "absent", checkedInAt: null, checkedOutAt: null });
    expect(absent.timesheet).toMatchObject({ status: "approved", minutes: 0 });

    const history = await bed.t.callerAs(away.worker.id).timesheets.history({ timesheetId: absent.timesheet?.id ?? "" });
    expect(history.events).toMatchObject([{ actor: "owner", action: "recorded", newMinutes: 0, reason: null }]);
  });

  it("changes a recorded day only with a reason, kept in the history both sides read", async () => {
    const { owner, job, worker } = await shiftScene(bed.t);
    bed.at(FIRST_DAY, "09:00");
    await bed.t.callerAs(worker.id).attendance.checkIn({ jobId: job.id, code: await ownerCodeNow(bed.t, owner.id, job.id) });
    bed.at(FIRST_DAY, "18:00");
    const out = await bed.t
      .callerAs(worker.id)
      .attendance.checkOut({ jobId: job.id, code: await ownerCodeNow(bed.t, owner.id, job.id) });
    const applicationId = out.attendance.applicationId;

    const change = { applicationId, date: FIRST_DAY, presence: "present" as const, checkIn: "09:00", checkOut: "17:00" };
    await expectRefusal(bed.t.callerAs(owner.id).attendance.record(change), "BAD_REQUEST", ERR.timesheetReasonRequired);
    // The same as recorded is no change at all.
    const same = await bed.t.callerAs(owner.id).attendance.record({ ...change, checkOut: "18:00" });
    expect(same.timesheet?.status).toBe("pending_employer");

    bed.at(FIRST_DAY, "19:00");
    const corrected = await bed.t.callerAs(owner.id).attendance.record({ ...change, reason: "Left at five, asked me first" });
    // The check-in the worker made stays theirs; the check-out is now the owner's.
    expect(corrected.attendance).toMatchObject({ checkInBy: "worker", checkOutBy: "owner", checkOutLocal: "17:00" });
    expect(corrected.timesheet).toMatchObject({ status: "edited", minutes: 480, recordedMinutes: 540 });
    expect(await noticesOf(bed.t, worker.id, "timesheet_edited")).toHaveLength(1);

    for (const caller of [owner.id, worker.id]) {
      const history = await bed.t.callerAs(caller).timesheets.history({ timesheetId: out.timesheet.id });
      expect(history.events).toMatchObject([
        { actor: "worker", action: "recorded", oldMinutes: null, newMinutes: 540, reason: null },
        { actor: "owner", action: "edited", oldMinutes: 540, newMinutes: 480, reason: "Left at five, asked me first" },
      ]);
    }
  });

  it("marks present without a check-out: the worker then checks out with the code", async () => {
    const { owner, job, worker, hire } = await shiftScene(bed.t);
    bed.at(FIRST_DAY, "09:10");
    const marked = await bed.t.callerAs(owner.id).attendance.record({
      applicationId: hire.id,
      date: FIRST_DAY,
      presence: "present",
      checkIn: "09:00",
    });
    expect(marked).toMatchObject({ attendance: { checkInBy: "owner", checkedOutAt: null }, timesheet: null });
    expect((await bed.t.callerAs(worker.id).attendance.mine({ jobId: job.id })).canCheckOut).toBe(true);
    bed.at(FIRST_DAY, "13:00");
    const out = await bed.t
      .callerAs(worker.id)
      .attendance.checkOut({ jobId: job.id, code: await ownerCodeNow(bed.t, owner.id, job.id) });
    expect(out.timesheet).toMatchObject({ status: "pending_employer", minutes: 240 });
    // Once the day has a timesheet its check-out cannot be taken away.
    await expectRefusal(
      bed.t
        .callerAs(owner.id)
        .attendance.record({ applicationId: hire.id, date: FIRST_DAY, presence: "present", checkIn: "09:00", reason: "Oops" }),
      "BAD_REQUEST",
      ERR.attendanceTimesInvalid,
    );
  });

  it("refuses anyone but the owner as 'not found', days that are not the job's or have not begun, times ahead of the clock", async () => {
    const { owner, hire, worker, otherEmployer, otherWorker } = await shiftScene(bed.t);
    bed.at(FIRST_DAY, "12:00");
    const absent = { applicationId: hire.id, date: FIRST_DAY, presence: "absent" as const };
    for (const caller of [worker.id, otherEmployer.id, otherWorker.id]) {
      await expectRefusal(bed.t.callerAs(caller).attendance.record(absent), "NOT_FOUND", ERR.notFound);
    }
    await expectRefusal(bed.t.callerAs(null).attendance.record(absent), "UNAUTHORIZED", ERR.unauthorized);
    const as = bed.t.callerAs(owner.id).attendance;
    await expectRefusal(as.record({ ...absent, date: SECOND_DAY }), "BAD_REQUEST", ERR.shiftDayInvalid);
    await expectRefusal(as.record({ ...absent, date: "2030-03-10" }), "BAD_REQUEST", ERR.shiftDayInvalid);
    await expectRefusal(as.record({ ...absent, date: "2030-02-30" }), "BAD_REQUEST", ERR.shiftDayInvalid);
    const present = { ...absent, presence: "present" as const, checkIn: "08:00" };
    await expectRefusal(as.record({ ...present, checkOut: "13:00" }), "BAD_REQUEST", ERR.attendanceTimesInvalid);
    await expectRefusal(as.record({ ...present, checkOut: "08:00" }), "BAD_REQUEST", ERR.attendanceTimesInvalid);
    await expectRefusal(as.record({ ...present, checkIn: "8:00" }), "BAD_REQUEST", ERR.attendanceTimesInvalid);
    await expectRefusal(as.record({ ...present, reason: "x".repeat(501) }), "BAD_REQUEST", ERR.timesheetReasonTooLong);
    expect(await bed.t.db.$count(shiftAttendance, eq(shiftAttendance.applicationId, hire.id))).toBe(0);
  });

  it("refuses a change once the worker has answered", async () => {
    const { owner, hire, worker } = await shiftScene(bed.t);
    bed.at(FIRST_DAY, "20:00");
    const first = { applicationId: hire.id, date: FIRST_DAY, presence: "present" as const, checkIn: "08:00", checkOut: "16:00" };
    const recorded = await bed.t.callerAs(owner.id).attendance.record(first);
    await bed.t.callerAs(worker.id).timesheets.accept({ timesheetId: recorded.timesheet?.id ?? "" });
    await expectRefusal(
      bed.t.callerAs(owner.id).attendance.record({ ...first, checkOut: "15:00", reason: "Actually three" }),
      "CONFLICT",
      ERR.timesheetState,
    );
    const [sheet] = await bed.t.db.select().from(timesheets).where(eq(timesheets.applicationId, hire.id));
    expect(sheet).toMatchObject({ status: "accepted", minutes: 480 });
  });
});
