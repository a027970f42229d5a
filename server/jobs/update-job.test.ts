import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createJob, dateFromToday } from "../../db/factories/jobs.ts";
import { CITY } from "../../db/factories/places.ts";
import { createEmployer } from "../../db/factories/users.ts";
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
});
