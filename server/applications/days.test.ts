import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { createApplication, createJob } from "../../db/factories/jobs.ts";
import { createEmployer, createWorker } from "../../db/factories/users.ts";
import { jobApplications, jobs } from "../../db/schema/index.ts";
import { ERR } from "../../domain/errors.ts";
import { FIRST_DAY, ownerCodeNow, SECOND_DAY, shiftTestbed } from "../attendance/shift-test-kit.ts";
import { expectRefusal } from "../testing/refusal.ts";

// Per-day applications (docs/decisions/035): a worker may ask for some days of a multi-day job whose
// owner allows it, and capacity (max_workers) holds per day.
const bed = shiftTestbed();

async function scene(job: { maxWorkers?: number; partialDays?: boolean; durationDays?: number } = {}) {
  bed.at("2030-03-01", "09:00");
  const owner = await createEmployer(bed.t.db, { fullName: "Olga Owner" });
  const posted = await createJob(bed.t.db, owner.id, {
    startDate: FIRST_DAY,
    durationDays: 2,
    maxWorkers: 1,
    partialDays: true,
    ...job,
  });
  return { owner, job: posted };
}

async function accepted(jobId: string) {
  return bed.t.db
    .select({ workerId: jobApplications.workerId, days: jobApplications.days })
    .from(jobApplications)
    .where(and(eq(jobApplications.jobId, jobId), eq(jobApplications.status, "accepted")));
}

async function acceptedCount(jobId: string) {
  const [row] = await bed.t.db.select({ n: jobs.acceptedCount }).from(jobs).where(eq(jobs.id, jobId));
  return row?.n;
}

describe("applications.submit with days", () => {
  it("stores some days, and every day as null", async () => {
    const { job } = await scene({ durationDays: 3 });
    const some = await bed.t.callerAs((await createWorker(bed.t.db)).id).applications.submit({
      jobId: job.id,
      days: ["2030-03-13", FIRST_DAY],
    });
    expect(some.days).toEqual([FIRST_DAY, "2030-03-13"]);
    const all = await bed.t.callerAs((await createWorker(bed.t.db)).id).applications.submit({
      jobId: job.id,
      days: [FIRST_DAY, SECOND_DAY, "2030-03-13"],
    });
    expect(all.days).toBeNull();
  });

  it("refuses days that are not the job's, repeated, none, too many, or on a job that takes every day only", async () => {
    const { job } = await scene();
    const { job: wholeOnly } = await scene({ partialDays: false });
    const me = bed.t.callerAs((await createWorker(bed.t.db)).id);
    await expectRefusal(
      me.applications.submit({ jobId: job.id, days: ["2030-04-01"] }),
      "BAD_REQUEST",
      ERR.applicationDaysNotOfJob,
    );
    await expectRefusal(
      me.applications.submit({ jobId: job.id, days: [FIRST_DAY, FIRST_DAY] }),
      "BAD_REQUEST",
      ERR.applicationDaysInvalid,
    );
    await expectRefusal(me.applications.submit({ jobId: job.id, days: [] }), "BAD_REQUEST", ERR.applicationDaysEmpty);
    const eight = Array.from({ length: 8 }, (_, i) => `2030-03-${String(11 + i).padStart(2, "0")}`);
    await expectRefusal(me.applications.submit({ jobId: job.id, days: eight }), "BAD_REQUEST", ERR.applicationDaysInvalid);
    await expectRefusal(
      me.applications.submit({ jobId: job.id, days: ["2030-02-30"] }),
      "BAD_REQUEST",
      ERR.applicationDaysInvalid,
    );
    await expectRefusal(
      me.applications.submit({ jobId: wholeOnly.id, days: [FIRST_DAY] }),
      "BAD_REQUEST",
      ERR.applicationDaysNotAllowed,
    );
    // Naming every day of such a job is the same as naming none.
    expect((await me.applications.submit({ jobId: wholeOnly.id, days: [SECOND_DAY, FIRST_DAY] })).days).toBeNull();
    expect(await bed.t.db.$count(jobApplications, eq(jobApplications.jobId, job.id))).toBe(0);
  });
});

describe("capacity per day", () => {
  it("hires one worker for each day of a one-worker job, and refuses a third for a full day", async () => {
    const { owner, job } = await scene();
    const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => createWorker(bed.t.db)));
    if (!a || !b || !c || !d) throw new Error("workers expected");
    const apply = async (workerId: string, days?: string[]) =>
      (await bed.t.callerAs(workerId).applications.submit({ jobId: job.id, days })).id;
    const first = await apply(a.id, [FIRST_DAY]);
    const second = await apply(b.id, [SECOND_DAY]);
    const third = await apply(c.id, [FIRST_DAY]);
    const whole = await apply(d.id);
    const boss = bed.t.callerAs(owner.id);

    await boss.applications.accept({ applicationId: first });
    expect(await acceptedCount(job.id)).toBe(0);
    const before = await boss.applications.forJob({ jobId: job.id });
    expect(before.days).toEqual([
      { date: FIRST_DAY, accepted: 1 },
      { date: SECOND_DAY, accepted: 0 },
    ]);
    expect(before.applications.find((x) => x.id === first)?.days).toEqual([FIRST_DAY]);
    expect((await bed.t.callerAs(c.id).applications.mine({ jobId: job.id })).fullDays).toEqual([FIRST_DAY]);

    await boss.applications.accept({ applicationId: second });
    expect(await acceptedCount(job.id)).toBe(1);
    await expectRefusal(boss.applications.accept({ applicationId: third }), "CONFLICT", ERR.positionsFilled);
    await expectRefusal(boss.applications.accept({ applicationId: whole }), "CONFLICT", ERR.positionsFilled);
    expect((await accepted(job.id)).map((r) => r.workerId).sort()).toEqual([a.id, b.id].sort());

    // One of them leaves: their day has room again.
    await bed.t.callerAs(a.id).applications.withdraw({ jobId: job.id });
    expect(await acceptedCount(job.id)).toBe(0);
    await boss.applications.accept({ applicationId: third });
    expect((await boss.applications.forJob({ jobId: job.id })).days).toEqual([
      { date: FIRST_DAY, accepted: 1 },
      { date: SECOND_DAY, accepted: 1 },
    ]);
  });

  it("never hires more than max_workers for a day when accepts race", async () => {
    const { owner, job } = await scene({ maxWorkers: 2 });
    const ids: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const worker = await createWorker(bed.t.db);
      ids.push((await createApplication(bed.t.db, job.id, worker.id, { days: [SECOND_DAY] })).id);
    }
    const results = await Promise.allSettled(
      ids.map((id) => bed.t.callerAs(owner.id).applications.accept({ applicationId: id })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(2);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toMatchObject({ message: ERR.positionsFilled });
    expect((await accepted(job.id)).length).toBe(2);
    expect((await bed.t.callerAs(owner.id).applications.forJob({ jobId: job.id })).days).toEqual([
      { date: FIRST_DAY, accepted: 0 },
      { date: SECOND_DAY, accepted: 2 },
    ]);
    expect(await acceptedCount(job.id)).toBe(0);
  });
});

describe("attendance on the days hired for", () => {
  it("lets a worker hired for the second day check in then only, and the owner record only that day", async () => {
    const { owner, job } = await scene();
    const worker = await createWorker(bed.t.db);
    const applied = await bed.t.callerAs(worker.id).applications.submit({ jobId: job.id, days: [SECOND_DAY] });
    await bed.t.callerAs(owner.id).applications.accept({ applicationId: applied.id });
    const me = bed.t.callerAs(worker.id);

    bed.at(FIRST_DAY, "09:00");
    expect(await me.attendance.mine({ jobId: job.id })).toMatchObject({
      shiftDates: [SECOND_DAY],
      shift: null,
      canCheckIn: false,
      nextShiftDate: SECOND_DAY,
    });
    await expectRefusal(
      me.attendance.checkIn({ jobId: job.id, code: await ownerCodeNow(bed.t, owner.id, job.id) }),
      "CONFLICT",
      ERR.notHiredForDay,
    );
    await expectRefusal(
      bed.t.callerAs(owner.id).attendance.record({ applicationId: applied.id, date: FIRST_DAY, presence: "absent" }),
      "CONFLICT",
      ERR.notHiredForDay,
    );

    bed.at(SECOND_DAY, "09:00");
    const checkedIn = await me.attendance.checkIn({ jobId: job.id, code: await ownerCodeNow(bed.t, owner.id, job.id) });
    expect(checkedIn.attendance.date).toBe(SECOND_DAY);
    const sheets = await bed.t.callerAs(owner.id).timesheets.forJob({ jobId: job.id });
    expect(sheets.rows.map((r) => r.date)).toEqual([SECOND_DAY]);
  });
});
