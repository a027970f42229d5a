import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createJob, dateFromToday } from "../../db/factories/jobs.ts";
import { CITY } from "../../db/factories/places.ts";
import { createEmployer, createWorker } from "../../db/factories/users.ts";
import { jobs } from "../../db/schema/index.ts";
import { ERR } from "../../domain/errors.ts";
import type { JobUpdateInput } from "../../domain/jobs.ts";
import { expectRefusal } from "../testing/refusal.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { validJobInput } from "./job-test-kit.ts";

let t: TestApp;
let owner: { id: string };
beforeAll(async () => {
  t = await createTestApp();
  owner = await createEmployer(t.db);
});
afterAll(() => t.close());

function editInput(jobId: string, overrides: Partial<JobUpdateInput> = {}): JobUpdateInput {
  const { language: _language, ...fields } = validJobInput();
  return { ...fields, jobId, ...overrides };
}
const rowOf = async (id: string) => (await t.db.select().from(jobs).where(eq(jobs.id, id)))[0];

describe("jobs.update", () => {
  it("saves every field, an empty rate as none and an empty skill list as none", async () => {
    const job = await createJob(t.db, owner.id, { skills: ["old"], hourlyRate: 300 });
    await t.callerAs(owner.id).jobs.update(
      editInput(job.id, {
        title: " New title ",
        description: "A brand new description.",
        category: "retail",
        cityId: CITY.almaty,
        district: "Medeu",
        startDate: dateFromToday(5),
        durationDays: "4",
        hourlyRate: "",
        currency: "EUR",
        maxWorkers: "6",
        skills: [" ", ""],
      }),
    );
    expect(await rowOf(job.id)).toMatchObject({
      title: "New title",
      description: "A brand new description.",
      category: "retail",
      cityId: CITY.almaty,
      country: "KZ",
      district: "Medeu",
      startDate: dateFromToday(5),
      durationDays: 4,
      hourlyRate: null,
      currency: "EUR",
      maxWorkers: 6,
      skills: null,
      status: "open",
    });
  });

  it.each([
    ["title", { title: "  " }],
    ["description", { description: "" }],
    ["category", { category: "" as never }],
    ["city", { cityId: "" as never }],
    ["start date", { startDate: "" }],
    ["duration", { durationDays: "" }],
  ])("says 'Please fill in all required fields' when the %s is empty", async (_name, change) => {
    const job = await createJob(t.db, owner.id, { title: "Untouched" });
    await expectRefusal(t.callerAs(owner.id).jobs.update(editInput(job.id, change)), "BAD_REQUEST", ERR.requiredFields);
    expect((await rowOf(job.id))?.title).toBe("Untouched");
  });

  it("keeps the post form's rules for filled-in fields", async () => {
    const job = await createJob(t.db, owner.id);
    const caller = t.callerAs(owner.id);
    await expectRefusal(caller.jobs.update(editInput(job.id, { title: "ab" })), "BAD_REQUEST", ERR.jobTitleMin);
    await expectRefusal(caller.jobs.update(editInput(job.id, { skills: ["s".repeat(51)] })), "BAD_REQUEST", ERR.skillTooLong);
    await expectRefusal(caller.jobs.update(editInput(job.id, { durationDays: 8 })), "BAD_REQUEST", ERR.jobDurationMax);
    await expectRefusal(caller.jobs.update(editInput(job.id, { hourlyRate: 10_001 })), "BAD_REQUEST", ERR.jobRateRange);
  });

  it("keeps a start date that has already passed, but refuses moving it to a past day", async () => {
    const job = await createJob(t.db, owner.id, { startDate: dateFromToday(-3), status: "in_progress" });
    const caller = t.callerAs(owner.id);
    await caller.jobs.update(editInput(job.id, { startDate: dateFromToday(-3), title: "Still running" }));
    expect((await rowOf(job.id))?.title).toBe("Still running");
    await expectRefusal(
      caller.jobs.update(editInput(job.id, { startDate: dateFromToday(-2) })),
      "BAD_REQUEST",
      ERR.jobStartDatePast,
    );
    expect((await rowOf(job.id))?.startDate).toBe(dateFromToday(-3));
  });

  it("refuses fewer workers than already accepted, and accepts exactly that many", async () => {
    const job = await createJob(t.db, owner.id, { maxWorkers: 5 });
    await t.db.execute(sql`update jobs set accepted_count = 3 where id = ${job.id}`);
    const caller = t.callerAs(owner.id);
    await expectRefusal(caller.jobs.update(editInput(job.id, { maxWorkers: 2 })), "CONFLICT", ERR.jobWorkersBelowAccepted);
    expect((await rowOf(job.id))?.maxWorkers).toBe(5);
    await caller.jobs.update(editInput(job.id, { maxWorkers: 3 }));
    expect((await rowOf(job.id))?.maxWorkers).toBe(3);
  });

  it("does not change the language the job was written in", async () => {
    const job = await createJob(t.db, owner.id, { language: "de" });
    await t.callerAs(owner.id).jobs.update(editInput(job.id));
    expect((await rowOf(job.id))?.language).toBe("de");
  });

  it.each(["completed", "cancelled"] as const)("refuses any edit of a %s job, which stays as it was", async (status) => {
    const job = await createJob(t.db, owner.id, { status, title: "Finished" });
    await expectRefusal(
      t.callerAs(owner.id).jobs.update(editInput(job.id, { title: "Changed afterwards" })),
      "CONFLICT",
      ERR.jobNotEditable,
    );
    expect(await rowOf(job.id)).toMatchObject({ title: "Finished", status });
  });

  it("answers someone else on a finished job exactly as for a missing one", async () => {
    const job = await createJob(t.db, owner.id, { status: "completed", title: "Finished" });
    for (const stranger of [await createWorker(t.db), await createEmployer(t.db)]) {
      await expectRefusal(
        t.callerAs(stranger.id).jobs.update(editInput(job.id, { title: "Not mine" })),
        "NOT_FOUND",
        ERR.jobEditNotFound,
      );
    }
    expect((await rowOf(job.id))?.title).toBe("Finished");
  });

  it("an edit racing Complete either lands before it or is refused, never after it", async () => {
    for (let round = 0; round < 5; round += 1) {
      const job = await createJob(t.db, owner.id, { status: "in_progress", startDate: dateFromToday(-1), title: "Racing" });
      const caller = t.callerAs(owner.id);
      const [edit, complete] = await Promise.allSettled([
        caller.jobs.update(editInput(job.id, { title: "Edited while completing", startDate: dateFromToday(-1) })),
        caller.jobs.changeStatus({ jobId: job.id, action: "complete" }),
      ]);
      expect(complete.status).toBe("fulfilled");
      const row = await rowOf(job.id);
      expect(row?.status).toBe("completed");
      if (edit.status === "fulfilled") expect(row?.title).toBe("Edited while completing");
      else {
        expect(edit.reason).toMatchObject({ code: "CONFLICT", message: ERR.jobNotEditable });
        expect(row?.title).toBe("Racing");
      }
    }
  });
});
