import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { jobs, reliabilityEvents, shiftAttendance, timesheets } from "../../db/schema/index.ts";
import { absentFrom, NO_SHOW_GRACE_MINUTES } from "../../domain/attendance.ts";
import { ERR } from "../../domain/errors.ts";
import { expectRefusal } from "../testing/refusal.ts";
import { FIRST_DAY, ownerCodeNow, SCENE_ZONE, SECOND_DAY, shiftScene, shiftTestbed } from "./shift-test-kit.ts";

// docs/decisions/056: a no-show only after the shift's start plus its grace; the worker's check-in stands.
const bed = shiftTestbed();

const strikesOf = (userId: string) => bed.t.db.select().from(reliabilityEvents).where(eq(reliabilityEvents.userId, userId));

describe("recording a no-show", () => {
  it("is refused before the shift's start time plus the grace: no strike, nothing on the public profile", async () => {
    // The case: absent recorded at 02:08 for a shift starting at 23:30 the same day.
    const { owner, worker, hire } = await shiftScene(bed.t, 1, { startTime: "23:30" });
    const absent = { applicationId: hire.id, date: FIRST_DAY, presence: "absent" as const };
    for (const [date, time] of [
      [FIRST_DAY, "02:08"],
      [FIRST_DAY, "23:31"],
      [SECOND_DAY, "00:29"],
    ] as const) {
      bed.at(date, time);
      await expectRefusal(bed.t.callerAs(owner.id).attendance.record(absent), "CONFLICT", ERR.absentTooEarly);
    }
    expect(await strikesOf(worker.id)).toEqual([]);
    const rows = await bed.t.db.select().from(shiftAttendance).where(eq(shiftAttendance.applicationId, hire.id));
    expect(rows).toEqual([]);
    const seen = await bed.t.callerAs(null).profiles.public({ id: worker.id });
    expect(seen.reliability).toMatchObject({ noShows: 0, activeStrikes: 0, strikes: [] });

    // From the start plus NO_SHOW_GRACE_MINUTES on, it is the owner's to record.
    expect(absentFrom(FIRST_DAY, "23:30", SCENE_ZONE).getTime()).toBe(
      bed.at(FIRST_DAY, "23:30").getTime() + NO_SHOW_GRACE_MINUTES * 60_000,
    );
    bed.at(SECOND_DAY, "00:30");
    await bed.t.callerAs(owner.id).attendance.record(absent);
    expect(await strikesOf(worker.id)).toMatchObject([{ kind: "no_show", onDate: FIRST_DAY }]);
  });

  it("waits for the day's end when the job states no start time", async () => {
    const { owner, worker, hire } = await shiftScene(bed.t);
    const absent = { applicationId: hire.id, date: FIRST_DAY, presence: "absent" as const };
    bed.at(FIRST_DAY, "23:59");
    await expectRefusal(bed.t.callerAs(owner.id).attendance.record(absent), "CONFLICT", ERR.absentTooEarly);
    expect(await strikesOf(worker.id)).toEqual([]);
    bed.at(SECOND_DAY, "00:00");
    await bed.t.callerAs(owner.id).attendance.record(absent);
    expect(await strikesOf(worker.id)).toHaveLength(1);
  });
});

describe("the worker's check-in stands", () => {
  it("checks in within the window after an early absent mark was refused, and cannot then be recorded absent", async () => {
    const { owner, worker, hire, job } = await shiftScene(bed.t, 1, { startTime: "23:30" });
    const absent = { applicationId: hire.id, date: FIRST_DAY, presence: "absent" as const };
    bed.at(FIRST_DAY, "02:08");
    await expectRefusal(bed.t.callerAs(owner.id).attendance.record(absent), "CONFLICT", ERR.absentTooEarly);

    bed.at(FIRST_DAY, "23:25");
    const checked = await bed.t
      .callerAs(worker.id)
      .attendance.checkIn({ jobId: job.id, code: await ownerCodeNow(bed.t, owner.id, job.id) });
    expect(checked.attendance).toMatchObject({
      date: FIRST_DAY,
      presence: "present",
      checkInLocal: "23:25",
      checkInBy: "worker",
    });

    bed.at(SECOND_DAY, "01:00");
    await expectRefusal(
      bed.t.callerAs(owner.id).attendance.record({ ...absent, reason: "Never saw them" }),
      "CONFLICT",
      ERR.absentCheckedIn,
    );
    expect(await strikesOf(worker.id)).toEqual([]);
    // Their times may still be corrected, with a reason.
    await bed.t.callerAs(owner.id).attendance.record({
      applicationId: hire.id,
      date: FIRST_DAY,
      presence: "present",
      checkIn: "23:40",
      checkOut: "00:55",
      reason: "Started late",
    });
  });

  it("wins over an absent mark made before the no-show could be recorded (the start moved later since)", async () => {
    const { owner, worker, hire, job } = await shiftScene(bed.t, 1, { startTime: "08:00" });
    bed.at(FIRST_DAY, "09:30");
    await bed.t.callerAs(owner.id).attendance.record({ applicationId: hire.id, date: FIRST_DAY, presence: "absent" });
    expect(await strikesOf(worker.id)).toHaveLength(1);
    // The shift now starts at 18:00: the 09:30 mark came before its no-show could be recorded.
    await bed.t.db.update(jobs).set({ startTime: "18:00" }).where(eq(jobs.id, job.id));

    bed.at(FIRST_DAY, "17:55");
    const checked = await bed.t
      .callerAs(worker.id)
      .attendance.checkIn({ jobId: job.id, code: await ownerCodeNow(bed.t, owner.id, job.id) });
    expect(checked.attendance).toMatchObject({ presence: "present", checkInLocal: "17:55", checkInBy: "worker" });
    expect(await strikesOf(worker.id)).toEqual([]);
    const day = and(eq(timesheets.applicationId, hire.id), eq(timesheets.shiftDate, FIRST_DAY));
    expect(await bed.t.db.select().from(timesheets).where(day)).toEqual([]);

    // The check-out makes the day's timesheet as usual.
    bed.at(FIRST_DAY, "22:00");
    const out = await bed.t
      .callerAs(worker.id)
      .attendance.checkOut({ jobId: job.id, code: await ownerCodeNow(bed.t, owner.id, job.id) });
    expect(out.timesheet).toMatchObject({ status: "pending_employer", minutes: 245 });
  });

  it("yields to an absent mark recorded after the start plus the grace", async () => {
    const { owner, worker, hire, job } = await shiftScene(bed.t, 1, { startTime: "08:00" });
    bed.at(FIRST_DAY, "09:00");
    await bed.t.callerAs(owner.id).attendance.record({ applicationId: hire.id, date: FIRST_DAY, presence: "absent" });
    bed.at(FIRST_DAY, "11:00");
    await expectRefusal(
      bed.t.callerAs(worker.id).attendance.checkIn({ jobId: job.id, code: await ownerCodeNow(bed.t, owner.id, job.id) }),
      "CONFLICT",
      ERR.alreadyCheckedIn,
    );
    expect(await strikesOf(worker.id)).toHaveLength(1);
  });
});
