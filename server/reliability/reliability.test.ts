import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { createAcceptedApplication } from "../../db/factories/hiring.ts";
import { createJob } from "../../db/factories/jobs.ts";
import { createWorker } from "../../db/factories/users.ts";
import { reliabilityEvents } from "../../db/schema/index.ts";
import { addDays } from "../../domain/attendance.ts";
import { ERR } from "../../domain/errors.ts";
import { ON_TIME_GRACE_MINUTES, RELIABILITY_REPLY_MAX, STRIKE_CLEAN_SHIFTS } from "../../domain/reliability.ts";
import { FIRST_DAY, SECOND_DAY, shiftScene, shiftTestbed } from "../attendance/shift-test-kit.ts";
import { expectRefusal } from "../testing/refusal.ts";

const bed = shiftTestbed();
const DAY_BEFORE = addDays(FIRST_DAY, -1);

const strikesOf = (userId: string) => bed.t.db.select().from(reliabilityEvents).where(eq(reliabilityEvents.userId, userId));

describe("late cancellations", () => {
  it("records the owner's cancellation of a job with a hire less than 24 hours before its start, with the notice", async () => {
    const { owner, job } = await shiftScene(bed.t);
    const early = await createJob(bed.t.db, owner.id, { title: "Early cancel", startDate: FIRST_DAY });
    await createAcceptedApplication(bed.t.db, early.id, (await createWorker(bed.t.db)).id);
    const nobodyHired = await createJob(bed.t.db, owner.id, { title: "Nobody hired", startDate: FIRST_DAY });
    const as = bed.t.callerAs(owner.id).jobs;

    // Exactly 24 hours before the start (local midnight, Moscow): not late.
    bed.at(DAY_BEFORE, "00:00");
    await as.changeStatus({ jobId: early.id, action: "cancel" });
    expect(await strikesOf(owner.id)).toEqual([]);

    // A minute later it is.
    bed.at(DAY_BEFORE, "00:01");
    await as.changeStatus({ jobId: job.id, action: "cancel" });
    await as.changeStatus({ jobId: nobodyHired.id, action: "cancel" });
    expect(await strikesOf(owner.id)).toMatchObject([
      { jobId: job.id, kind: "late_cancellation", role: "employer", noticeHours: 23, onDate: FIRST_DAY },
    ]);

    const seen = await bed.t.callerAs(null).profiles.public({ id: owner.id });
    expect(seen.reliability).toMatchObject({ lateCancellations: 1, noShows: 0, activeStrikes: 1, shiftsCompleted: 0 });
  });

  it("records nothing when the cancellation is refused", async () => {
    const { owner, job } = await shiftScene(bed.t, 1, { status: "completed" });
    bed.at(DAY_BEFORE, "12:00");
    await expectRefusal(
      bed.t.callerAs(owner.id).jobs.changeStatus({ jobId: job.id, action: "cancel" }),
      "CONFLICT",
      ERR.jobStatusChangeRefused,
    );
    expect(await strikesOf(owner.id)).toEqual([]);
  });
});

describe("no-shows", () => {
  it("are recorded from an absent day, once, and taken back when the owner corrects the day to present", async () => {
    const { owner, worker, hire, job } = await shiftScene(bed.t, 1, { startTime: "09:00" });
    const as = bed.t.callerAs(owner.id).attendance;
    bed.at(FIRST_DAY, "20:00");
    await as.record({ applicationId: hire.id, date: FIRST_DAY, presence: "absent" });
    expect(await strikesOf(worker.id)).toMatchObject([{ jobId: job.id, kind: "no_show", role: "worker", noticeHours: null }]);

    await as.record({ applicationId: hire.id, date: FIRST_DAY, presence: "absent" });
    expect(await strikesOf(worker.id)).toHaveLength(1);

    await as.record({
      applicationId: hire.id,
      date: FIRST_DAY,
      presence: "present",
      checkIn: "08:00",
      checkOut: "16:00",
      reason: "Came in the back door",
    });
    expect(await strikesOf(worker.id)).toEqual([]);
    const seen = await bed.t.callerAs(null).profiles.public({ id: worker.id });
    expect(seen.reliability).toMatchObject({ shiftsCompleted: 1, noShows: 0, activeStrikes: 0, strikes: [] });
  });

  it(`expire after ${STRIKE_CLEAN_SHIFTS} shifts completed after them, and the figures count both sides`, async () => {
    const { owner, worker, hire } = await shiftScene(bed.t, 1, { durationDays: STRIKE_CLEAN_SHIFTS + 1 });
    const as = bed.t.callerAs(owner.id).attendance;
    bed.at(addDays(FIRST_DAY, STRIKE_CLEAN_SHIFTS + 1), "12:00");
    await as.record({ applicationId: hire.id, date: FIRST_DAY, presence: "absent" });
    const present = (day: number) =>
      as.record({
        applicationId: hire.id,
        date: addDays(FIRST_DAY, day),
        presence: "present",
        checkIn: "08:00",
        checkOut: "16:00",
      });
    for (let day = 1; day < STRIKE_CLEAN_SHIFTS; day += 1) await present(day);

    let seen = await bed.t.callerAs(null).profiles.public({ id: worker.id });
    expect(seen.reliability).toMatchObject({
      role: "worker",
      shiftsCompleted: STRIKE_CLEAN_SHIFTS - 1,
      noShows: 1,
      activeStrikes: 1,
    });
    expect(seen.reliability.strikes).toMatchObject([
      { kind: "no_show", onDate: FIRST_DAY, cleanShiftsAfter: STRIKE_CLEAN_SHIFTS - 1, active: true },
    ]);

    await present(STRIKE_CLEAN_SHIFTS);
    seen = await bed.t.callerAs(null).profiles.public({ id: worker.id });
    expect(seen.reliability).toMatchObject({ shiftsCompleted: STRIKE_CLEAN_SHIFTS, noShows: 1, activeStrikes: 0 });
    expect(seen.reliability.strikes).toMatchObject([{ kind: "no_show", active: false }]);

    // The owner's figures count the days worked on their job, and say they are an employer's (the page
    // then leaves out the worker's figures: on time, no-shows).
    const employer = await bed.t.callerAs(null).profiles.public({ id: owner.id });
    expect(employer.reliability).toMatchObject({
      role: "employer",
      shiftsCompleted: STRIKE_CLEAN_SHIFTS,
      noShows: 0,
      lateCancellations: 0,
    });
  });
});

describe("on time", () => {
  it("counts a worker's shifts on jobs with a start time, on time up to the grace after it", async () => {
    const { owner, worker, hire } = await shiftScene(bed.t, 1, { startTime: "08:00" });
    const as = bed.t.callerAs(owner.id).attendance;
    bed.at(SECOND_DAY, "20:00");
    const day = (date: string, checkIn: string) =>
      as.record({ applicationId: hire.id, date, presence: "present", checkIn, checkOut: "16:00" });
    await day(FIRST_DAY, `08:${String(ON_TIME_GRACE_MINUTES).padStart(2, "0")}`);
    await day(SECOND_DAY, `08:${String(ON_TIME_GRACE_MINUTES + 1).padStart(2, "0")}`);
    const seen = await bed.t.callerAs(null).profiles.public({ id: worker.id });
    expect(seen.reliability).toMatchObject({ shiftsCompleted: 2, timedShifts: 2, onTimeShifts: 1 });
    // A job without a start time counts no shift either way; the owner has no on-time figure.
    const employer = await bed.t.callerAs(null).profiles.public({ id: owner.id });
    expect(employer.reliability).toMatchObject({ shiftsCompleted: 2, timedShifts: 0, onTimeShifts: 0 });
  });

  it("makes a cancellation late from the shift's start time, not midnight", async () => {
    const { owner, job } = await shiftScene(bed.t, 1, { startTime: "09:00" });
    bed.at(DAY_BEFORE, "08:30");
    await bed.t.callerAs(owner.id).jobs.changeStatus({ jobId: job.id, action: "cancel" });
    expect(await strikesOf(owner.id)).toEqual([]);
  });
});

describe("racing actions", () => {
  it("record one strike: two cancel clicks, two absent records of the same day", async () => {
    const { owner, worker, hire, job } = await shiftScene(bed.t, 1, { startTime: "09:00" });
    bed.at(FIRST_DAY, "20:00");
    const as = bed.t.callerAs(owner.id);
    await Promise.all([
      as.attendance.record({ applicationId: hire.id, date: FIRST_DAY, presence: "absent" }),
      as.attendance.record({ applicationId: hire.id, date: FIRST_DAY, presence: "absent" }),
    ]);
    expect(await strikesOf(worker.id)).toHaveLength(1);

    const clicks = await Promise.allSettled([
      as.jobs.changeStatus({ jobId: job.id, action: "cancel" }),
      as.jobs.changeStatus({ jobId: job.id, action: "cancel" }),
    ]);
    expect(clicks.map((c) => c.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(await strikesOf(owner.id)).toMatchObject([{ kind: "late_cancellation", noticeHours: -11 }]);
  });
});

describe("reliability.reply", () => {
  it("lets only the person reply to their own strike, within the length limit, shown on their profile", async () => {
    const { owner, worker, hire, otherWorker } = await shiftScene(bed.t, 1, { startTime: "09:00" });
    bed.at(FIRST_DAY, "20:00");
    await bed.t.callerAs(owner.id).attendance.record({ applicationId: hire.id, date: FIRST_DAY, presence: "absent" });
    const [strike] = await strikesOf(worker.id);
    if (!strike) throw new Error("no strike");

    for (const who of [otherWorker.id, owner.id]) {
      await expectRefusal(bed.t.callerAs(who).reliability.reply({ id: strike.id, reply: "Not mine" }), "NOT_FOUND", ERR.notFound);
    }
    await expectRefusal(
      bed.t.callerAs(worker.id).reliability.reply({ id: strike.id, reply: "x".repeat(RELIABILITY_REPLY_MAX + 1) }),
      "BAD_REQUEST",
      ERR.reliabilityReplyTooLong,
    );
    expect(await strikesOf(worker.id)).toMatchObject([{ reply: null, repliedAt: null }]);

    await bed.t.callerAs(worker.id).reliability.reply({ id: strike.id, reply: "  My child was ill; I called at 7.  " });
    const seen = await bed.t.callerAs(otherWorker.id).profiles.public({ id: worker.id });
    expect(seen.reliability.strikes).toMatchObject([{ id: strike.id, reply: "My child was ill; I called at 7.", active: true }]);
    const mine = await bed.t.callerAs(worker.id).reliability.mine();
    expect(mine).toMatchObject({ noShows: 1, activeStrikes: 1, strikes: [{ reply: "My child was ill; I called at 7." }] });

    await bed.t.callerAs(worker.id).reliability.reply({ id: strike.id, reply: "   " });
    expect(await strikesOf(worker.id)).toMatchObject([{ reply: null, repliedAt: null }]);
  });
});
