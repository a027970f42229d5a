import { TRPCError } from "@trpc/server";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { createApplication } from "../../db/factories/jobs.ts";
import { jobs, shiftAttendance, timesheetEvents, timesheets } from "../../db/schema/index.ts";
import { ATTENDANCE_CODE } from "../../domain/attendance.ts";
import { ERR } from "../../domain/errors.ts";
import { RATE_LIMITS } from "../../domain/limits.ts";
import { expectRefusal } from "../testing/refusal.ts";
import { RetryLater } from "../trpc/answer.ts";
import { FIRST_DAY, noticesOf, ownerCodeNow, SCENE_ZONE, SECOND_DAY, shiftScene, shiftTestbed } from "./shift-test-kit.ts";

const bed = shiftTestbed();

/** A code that is not the current one (nor the one before it). */
function wrongCode(right: string): string {
  return right === "111111" ? "222222" : "111111";
}

describe("the owner's rotating code", () => {
  it("is six digits and an address holding them, changes every 30 seconds, and only the owner gets it", async () => {
    const { owner, job, worker, otherEmployer, otherWorker } = await shiftScene(bed.t);
    bed.at(FIRST_DAY, "09:00");
    const shown = await bed.t.callerAs(owner.id).attendance.code({ jobId: job.id });
    expect(shown.code).toMatch(/^\d{6}$/);
    expect(shown.checkInUrl).toBe(`${bed.t.config.publicUrl}/jobs/${job.id}/check-in?code=${shown.code}`);
    expect(shown.stepSeconds).toBe(ATTENDANCE_CODE.stepSeconds);
    expect(shown.secondsLeft).toBeGreaterThan(0);
    expect(shown.secondsLeft).toBeLessThanOrEqual(30);
    expect(shown.shift).toEqual({ date: FIRST_DAY, dayIndex: 0 });
    expect(shown.timeZone).toBe(SCENE_ZONE);
    // Asked again within the same step: the same code; a step later: another one.
    expect((await bed.t.callerAs(owner.id).attendance.code({ jobId: job.id })).code).toBe(shown.code);
    bed.later(0.5);
    expect((await bed.t.callerAs(owner.id).attendance.code({ jobId: job.id })).code).not.toBe(shown.code);

    for (const id of [worker.id, otherEmployer.id, otherWorker.id]) {
      await expectRefusal(bed.t.callerAs(id).attendance.code({ jobId: job.id }), "NOT_FOUND", ERR.jobNotFound);
    }
    await expectRefusal(bed.t.callerAs(null).attendance.code({ jobId: job.id }), "UNAUTHORIZED", ERR.unauthorized);
  });

  it("is not shown for a completed or cancelled job", async () => {
    const { owner, job } = await shiftScene(bed.t, 1, { status: "cancelled" });
    await expectRefusal(bed.t.callerAs(owner.id).attendance.code({ jobId: job.id }), "CONFLICT", ERR.shiftJobClosed);
  });
});

describe("check-in and check-out", () => {
  it("a hired worker checks in and out with the code; the day's timesheet waits for the owner, who is told once", async () => {
    const { owner, job, worker, hire, hires } = await shiftScene(bed.t, 2);
    bed.at(FIRST_DAY, "08:58");
    const checkedIn = await bed.t
      .callerAs(worker.id)
      .attendance.checkIn({ jobId: job.id, code: await ownerCodeNow(bed.t, owner.id, job.id) });
    expect(checkedIn.attendance).toMatchObject({
      date: FIRST_DAY,
      presence: "present",
      checkInLocal: "08:58",
      checkOutLocal: null,
      checkInBy: "worker",
    });
    expect(checkedIn.dayIndex).toBe(0);

    const mine = await bed.t.callerAs(worker.id).attendance.mine({ jobId: job.id });
    expect(mine).toMatchObject({ canCheckIn: false, canCheckOut: true, shift: { date: FIRST_DAY, dayIndex: 0 } });
    expect(mine.shiftDates).toEqual([FIRST_DAY, SECOND_DAY]);

    bed.at(FIRST_DAY, "17:30");
    // Typed with a space, as the six digits are grouped on the screen.
    const code = await ownerCodeNow(bed.t, owner.id, job.id);
    const out = await bed.t
      .callerAs(worker.id)
      .attendance.checkOut({ jobId: job.id, code: `${code.slice(0, 3)} ${code.slice(3)}` });
    expect(out.attendance).toMatchObject({ checkInLocal: "08:58", checkOutLocal: "17:30", checkOutBy: "worker" });
    expect(out.timesheet).toMatchObject({ status: "pending_employer", recordedMinutes: 512, minutes: 512, date: FIRST_DAY });
    // 72 hours after the day ends (midnight after it, Moscow time).
    expect(out.timesheet.employerDeadline?.toISOString()).toBe("2030-03-14T21:00:00.000Z");
    const events = await bed.t.db.select().from(timesheetEvents).where(eq(timesheetEvents.timesheetId, out.timesheet.id));
    expect(events).toMatchObject([{ actor: "worker", action: "recorded", oldMinutes: null, newMinutes: 512 }]);

    // The second worker's check-out the same day tells the owner nothing new.
    const [, second] = hires;
    if (!second) throw new Error("two hires");
    bed.at(FIRST_DAY, "18:00");
    await bed.t
      .callerAs(second.worker.id)
      .attendance.checkIn({ jobId: job.id, code: await ownerCodeNow(bed.t, owner.id, job.id) });
    bed.later(60);
    await bed.t
      .callerAs(second.worker.id)
      .attendance.checkOut({ jobId: job.id, code: await ownerCodeNow(bed.t, owner.id, job.id) });
    const ready = await noticesOf(bed.t, owner.id, "timesheet_ready");
    expect(ready).toEqual([{ payload: { kind: "timesheet_ready", jobId: job.id, jobTitle: job.title, shiftDate: FIRST_DAY } }]);
    expect(await bed.t.db.$count(timesheets, eq(timesheets.applicationId, hire.id))).toBe(1);
  });

  it("is Access Denied to anyone not hired for the job: another worker, a pending applicant, another employer, the owner; a visitor signs in", async () => {
    const { owner, job, otherWorker, otherEmployer } = await shiftScene(bed.t);
    const applicant = otherWorker;
    await createApplication(bed.t.db, job.id, applicant.id);
    bed.at(FIRST_DAY, "09:00");
    const code = await ownerCodeNow(bed.t, owner.id, job.id);
    for (const id of [applicant.id, otherEmployer.id, owner.id]) {
      await expectRefusal(bed.t.callerAs(id).attendance.checkIn({ jobId: job.id, code }), "FORBIDDEN", ERR.attendanceDenied);
      await expectRefusal(bed.t.callerAs(id).attendance.checkOut({ jobId: job.id, code }), "FORBIDDEN", ERR.attendanceDenied);
      await expectRefusal(bed.t.callerAs(id).attendance.mine({ jobId: job.id }), "FORBIDDEN", ERR.attendanceDenied);
    }
    await expectRefusal(bed.t.callerAs(null).attendance.checkIn({ jobId: job.id, code }), "UNAUTHORIZED", ERR.unauthorized);
    expect(await bed.t.db.$count(shiftAttendance, eq(shiftAttendance.jobId, job.id))).toBe(0);
  });

  it("takes the code of the step just before, but not an older one, a wrong one, or another job's", async () => {
    const { owner, job, worker } = await shiftScene(bed.t);
    const other = await shiftScene(bed.t);
    bed.at(FIRST_DAY, "10:00");
    const old = await ownerCodeNow(bed.t, owner.id, job.id);
    const otherJobs = await ownerCodeNow(bed.t, other.owner.id, other.job.id);
    bed.later(1.25); // Two steps on.
    await expectRefusal(
      bed.t.callerAs(worker.id).attendance.checkIn({ jobId: job.id, code: old }),
      "BAD_REQUEST",
      ERR.attendanceCodeWrong,
    );
    const current = await ownerCodeNow(bed.t, owner.id, job.id);
    await expectRefusal(
      bed.t.callerAs(worker.id).attendance.checkIn({ jobId: job.id, code: wrongCode(current) }),
      "BAD_REQUEST",
      ERR.attendanceCodeWrong,
    );
    if (otherJobs !== current) {
      await expectRefusal(
        bed.t.callerAs(worker.id).attendance.checkIn({ jobId: job.id, code: otherJobs }),
        "BAD_REQUEST",
        ERR.attendanceCodeWrong,
      );
    }
    for (const code of ["12345", "1234567", "abcdef", ""]) {
      await expectRefusal(
        bed.t.callerAs(worker.id).attendance.checkIn({ jobId: job.id, code }),
        "BAD_REQUEST",
        ERR.attendanceCodeWrong,
      );
    }
    bed.later(0.5); // The code read is now the previous step's: still taken.
    const checkedIn = await bed.t.callerAs(worker.id).attendance.checkIn({ jobId: job.id, code: current });
    expect(checkedIn.attendance.presence).toBe("present");
  });

  it("refuses a job whose owner never showed a code (there is no right code yet)", async () => {
    const { job, worker } = await shiftScene(bed.t);
    bed.at(FIRST_DAY, "10:00");
    await expectRefusal(
      bed.t.callerAs(worker.id).attendance.checkIn({ jobId: job.id, code: "123456" }),
      "BAD_REQUEST",
      ERR.attendanceCodeWrong,
    );
  });

  it("counts every try: the 11th in ten minutes is 429 even with the right code, for this job only", async () => {
    const { owner, job, worker } = await shiftScene(bed.t);
    const elsewhere = await shiftScene(bed.t);
    await createApplication(bed.t.db, elsewhere.job.id, worker.id, { status: "accepted" });
    bed.at(FIRST_DAY, "11:00");
    const right = await ownerCodeNow(bed.t, owner.id, job.id);
    for (let i = 0; i < RATE_LIMITS.attendanceCode.limit; i += 1) {
      await expectRefusal(
        bed.t.callerAs(worker.id).attendance.checkIn({ jobId: job.id, code: wrongCode(right) }),
        "BAD_REQUEST",
        ERR.attendanceCodeWrong,
      );
    }
    const blocked = await bed.t
      .callerAs(worker.id)
      .attendance.checkIn({ jobId: job.id, code: right })
      .catch((e: unknown) => e);
    expect(blocked).toBeInstanceOf(TRPCError);
    expect(blocked).toMatchObject({ code: "TOO_MANY_REQUESTS", message: ERR.attendanceCodeAttempts });
    const retry = (blocked as TRPCError).cause;
    expect(retry).toBeInstanceOf(RetryLater);
    expect((retry as RetryLater).seconds).toBeGreaterThan(0);
    expect((retry as RetryLater).seconds).toBeLessThanOrEqual(RATE_LIMITS.attendanceCode.windowSeconds);
    expect(await bed.t.db.$count(shiftAttendance, eq(shiftAttendance.jobId, job.id))).toBe(0);
    // Another job's tries are counted apart.
    const code = await ownerCodeNow(bed.t, elsewhere.owner.id, elsewhere.job.id);
    await bed.t.callerAs(worker.id).attendance.checkIn({ jobId: elsewhere.job.id, code });
  });

  it("opens check-in two hours before a shift day and closes it when the last day ends", async () => {
    const { owner, job, worker } = await shiftScene(bed.t);
    const tryIn = async () =>
      bed.t.callerAs(worker.id).attendance.checkIn({ jobId: job.id, code: await ownerCodeNow(bed.t, owner.id, job.id) });

    bed.at("2030-03-10", "21:59");
    await expectRefusal(tryIn(), "CONFLICT", ERR.noShiftToday);
    expect((await bed.t.callerAs(worker.id).attendance.mine({ jobId: job.id })).canCheckIn).toBe(false);
    bed.at("2030-03-10", "22:30");
    expect((await bed.t.callerAs(worker.id).attendance.mine({ jobId: job.id })).canCheckIn).toBe(true);
    expect((await tryIn()).attendance).toMatchObject({ date: FIRST_DAY, checkInLocal: "22:30" });

    const late = await shiftScene(bed.t);
    bed.at("2030-03-13", "00:01");
    await expectRefusal(
      bed.t
        .callerAs(late.worker.id)
        .attendance.checkIn({ jobId: late.job.id, code: await ownerCodeNow(bed.t, late.owner.id, late.job.id) }),
      "CONFLICT",
      ERR.noShiftToday,
    );
    bed.at(SECOND_DAY, "23:59");
    const lastMinute = await bed.t.callerAs(late.worker.id).attendance.checkIn({
      jobId: late.job.id,
      code: await ownerCodeNow(bed.t, late.owner.id, late.job.id),
    });
    expect(lastMinute.attendance.date).toBe(SECOND_DAY);
  });

  it("one check-in a day, check-out only after check-in, an old check-in is the owner's to settle", async () => {
    const { owner, job, worker } = await shiftScene(bed.t);
    const code = async () => ownerCodeNow(bed.t, owner.id, job.id);
    const as = bed.t.callerAs(worker.id).attendance;

    bed.at(FIRST_DAY, "08:00");
    await expectRefusal(as.checkOut({ jobId: job.id, code: await code() }), "CONFLICT", ERR.notCheckedIn);
    await as.checkIn({ jobId: job.id, code: await code() });
    await expectRefusal(as.checkIn({ jobId: job.id, code: await code() }), "CONFLICT", ERR.alreadyCheckedIn);
    // Forgot to check out: that evening it is still the first day, already recorded.
    bed.at(FIRST_DAY, "22:30");
    await expectRefusal(as.checkIn({ jobId: job.id, code: await code() }), "CONFLICT", ERR.alreadyCheckedIn);
    // The next morning the first day's check-in is too old to close, and no longer blocks.
    bed.at(SECOND_DAY, "07:00");
    await expectRefusal(as.checkOut({ jobId: job.id, code: await code() }), "CONFLICT", ERR.checkOutTooLate);
    const second = await as.checkIn({ jobId: job.id, code: await code() });
    expect(second.attendance.date).toBe(SECOND_DAY);
    bed.at(SECOND_DAY, "16:00");
    const out = await as.checkOut({ jobId: job.id, code: await code() });
    expect(out.timesheet).toMatchObject({ date: SECOND_DAY, minutes: 540 });
    // The first day's check-in is still open, and still too old: the owner has to record that day.
    await expectRefusal(as.checkOut({ jobId: job.id, code: await code() }), "CONFLICT", ERR.checkOutTooLate);
    await expectRefusal(as.checkIn({ jobId: job.id, code: await code() }), "CONFLICT", ERR.alreadyCheckedIn);
  });

  it("refuses a new day's check-in while yesterday's is still open, until checked out", async () => {
    const { owner, job, worker } = await shiftScene(bed.t);
    const code = async () => ownerCodeNow(bed.t, owner.id, job.id);
    const as = bed.t.callerAs(worker.id).attendance;
    bed.at(FIRST_DAY, "14:00"); // A night shift.
    await as.checkIn({ jobId: job.id, code: await code() });
    bed.at(SECOND_DAY, "01:00");
    await expectRefusal(as.checkIn({ jobId: job.id, code: await code() }), "CONFLICT", ERR.checkOutFirst);
    const out = await as.checkOut({ jobId: job.id, code: await code() });
    expect(out.timesheet).toMatchObject({ date: FIRST_DAY, minutes: 660 });
    expect((await as.checkIn({ jobId: job.id, code: await code() })).attendance.date).toBe(SECOND_DAY);
  });

  it("closes check-in when the job is completed or cancelled; an open check-out still works", async () => {
    const { owner, job, worker } = await shiftScene(bed.t);
    bed.at(FIRST_DAY, "09:00");
    const code = await ownerCodeNow(bed.t, owner.id, job.id);
    await bed.t.callerAs(worker.id).attendance.checkIn({ jobId: job.id, code });
    const other = await shiftScene(bed.t);
    const otherCode = await ownerCodeNow(bed.t, other.owner.id, other.job.id);
    await bed.t.db.update(jobs).set({ status: "completed" }).where(eq(jobs.id, job.id));
    await bed.t.db.update(jobs).set({ status: "cancelled" }).where(eq(jobs.id, other.job.id));
    await expectRefusal(
      bed.t.callerAs(other.worker.id).attendance.checkIn({ jobId: other.job.id, code: otherCode }),
      "CONFLICT",
      ERR.shiftJobClosed,
    );
    bed.later(0.25);
    const out = await bed.t.callerAs(worker.id).attendance.checkOut({ jobId: job.id, code });
    expect(out.timesheet.status).toBe("pending_employer");
  });

  // Five and four: together within the worker's ten code tries.
  it("writes one row when the same worker's check-ins race (five at once)", async () => {
    const { owner, job, worker, hire } = await shiftScene(bed.t);
    bed.at(FIRST_DAY, "09:00");
    const code = await ownerCodeNow(bed.t, owner.id, job.id);
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => bed.t.callerAs(worker.id).attendance.checkIn({ jobId: job.id, code })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) {
      if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "CONFLICT", message: ERR.alreadyCheckedIn });
    }
    expect(
      await bed.t.db.$count(
        shiftAttendance,
        and(eq(shiftAttendance.applicationId, hire.id), eq(shiftAttendance.shiftDate, FIRST_DAY)),
      ),
    ).toBe(1);

    // And racing check-outs make one timesheet.
    bed.later(240);
    const out = await ownerCodeNow(bed.t, owner.id, job.id);
    const outs = await Promise.allSettled(
      Array.from({ length: 4 }, () => bed.t.callerAs(worker.id).attendance.checkOut({ jobId: job.id, code: out })),
    );
    expect(outs.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await bed.t.db.$count(timesheets, eq(timesheets.applicationId, hire.id))).toBe(1);
  });
});
