import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createAcceptedApplication } from "../../db/factories/hiring.ts";
import { createJob, dateFromToday } from "../../db/factories/jobs.ts";
import { createEmployer, createWorker } from "../../db/factories/users.ts";
import { jobs } from "../../db/schema/index.ts";
import { ERR } from "../../domain/errors.ts";
import type { JobUpdateInput } from "../../domain/jobs.ts";
import { RATE_LIMITS } from "../../domain/limits.ts";
import { signUpMember, type SignedUp } from "../testing/accounts.ts";
import { expectRefusal } from "../testing/refusal.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { callHttp, validJobInput } from "./job-test-kit.ts";

// How a job is paid (docs/decisions/078): chosen when posting, editable while nobody is hired.
let t: TestApp;
let employer: SignedUp;
let owner: { id: string };
beforeAll(async () => {
  t = await createTestApp({ services: { rateLimits: { ...RATE_LIMITS, jobPost: { limit: 1000, windowSeconds: 3600 } } } });
  employer = await signUpMember(t, { userType: "employer" });
  owner = await createEmployer(t.db);
});
afterAll(() => t.close());

const payModeOf = async (id: string) => (await t.db.select({ m: jobs.payMode }).from(jobs).where(eq(jobs.id, id)))[0]?.m;

function editInput(jobId: string, overrides: Partial<JobUpdateInput> = {}): JobUpdateInput {
  const { language: _language, ...fields } = validJobInput();
  return { ...fields, jobId, ...overrides };
}

describe("posting a job with its pay mode", () => {
  it("stores through Daywork for a rate in roubles, shown on the job page and the home list's card", async () => {
    const { id } = await t.callerAs(employer.id).jobs.create(validJobInput({ payMode: "through_daywork" }));
    expect(await payModeOf(id)).toBe("through_daywork");
    expect((await t.callerAs(null).jobs.byId({ jobId: id })).payMode).toBe("through_daywork");
    const { items } = await t.callerAs(null).jobs.search({});
    expect(items.find((job) => job.id === id)?.payMode).toBe("through_daywork");
  });

  it("pays a job directly when nothing is said", async () => {
    const { id } = await t.callerAs(employer.id).jobs.create(validJobInput());
    expect(await payModeOf(id)).toBe("direct");
  });

  it.each([
    ["a negotiable rate", { hourlyRate: "" }, ERR.payModeNeedsRate],
    ["tenge", { currency: "KZT" as const, hourlyRate: "2000" }, ERR.payModeCurrency],
    ["manat", { currency: "TMT" as const }, ERR.payModeCurrency],
  ])("refuses through Daywork for %s beside the pay mode field, and writes nothing", async (_name, change, key) => {
    const before = await t.db.$count(jobs);
    const res = await callHttp(
      t,
      "mutation",
      "jobs.create",
      validJobInput({ ...change, payMode: "through_daywork" }),
      employer.cookie,
    );
    expect(res.status).toBe(400);
    expect(res.error?.messageKey).toBe(key);
    expect(res.error?.fieldErrors?.payMode).toBe(key);
    expect(await t.db.$count(jobs)).toBe(before);
  });

  it("refuses through Daywork to a worker's account (anyone may post, paid directly)", async () => {
    const worker = await signUpMember(t, { userType: "worker" });
    const res = await callHttp(t, "mutation", "jobs.create", validJobInput({ payMode: "through_daywork" }), worker.cookie);
    expect(res.status).toBe(403);
    expect(res.error?.messageKey).toBe(ERR.payModeEmployersOnly);
    const { id } = await t.callerAs(worker.id).jobs.create(validJobInput({ payMode: "direct" }));
    expect(await payModeOf(id)).toBe("direct");
  });

  it("is kept by the database too: through Daywork needs a rate in a currency a provider takes", async () => {
    const job = await createJob(t.db, owner.id);
    for (const change of [sql`hourly_rate = null`, sql`currency = 'UZS'`]) {
      await expect(
        t.db.execute(sql`update jobs set pay_mode = 'through_daywork', ${change} where id = ${job.id}`),
      ).rejects.toThrow();
    }
    await t.db.execute(sql`update jobs set pay_mode = 'through_daywork' where id = ${job.id}`);
    expect(await payModeOf(job.id)).toBe("through_daywork");
  });
});

describe("changing the pay mode", () => {
  it("is allowed while nobody is hired, both ways", async () => {
    const job = await createJob(t.db, owner.id, { startDate: dateFromToday(3) });
    const me = t.callerAs(owner.id);
    await me.jobs.update(editInput(job.id, { payMode: "through_daywork" }));
    expect(await payModeOf(job.id)).toBe("through_daywork");
    await me.jobs.update(editInput(job.id, { payMode: "direct" }));
    expect(await payModeOf(job.id)).toBe("direct");
  });

  it("is refused once someone is hired, for any day, and the job keeps its mode; other edits still save", async () => {
    const job = await createJob(t.db, owner.id, { payMode: "through_daywork", partialDays: true, durationDays: 2 });
    const worker = await createWorker(t.db);
    const hired = await createAcceptedApplication(t.db, job.id, worker.id);
    await t.db.execute(sql`update job_applications set days = array[${job.startDate}]::date[] where id = ${hired.id}`);
    const me = t.callerAs(owner.id);
    expect((await me.jobs.forEdit({ jobId: job.id })).hired).toBe(true);
    await expectRefusal(me.jobs.update(editInput(job.id, { payMode: "direct" })), "CONFLICT", ERR.payModeLocked);
    expect(await payModeOf(job.id)).toBe("through_daywork");
    const sameDays = { startDate: job.startDate, durationDays: "2", partialDays: true };
    await me.jobs.update(editInput(job.id, { ...sameDays, payMode: "through_daywork", title: "Warehouse loader, day shift" }));
    expect((await t.db.select({ title: jobs.title }).from(jobs).where(eq(jobs.id, job.id)))[0]?.title).toBe(
      "Warehouse loader, day shift",
    );
  });

  it("is open again once the hired worker has left", async () => {
    const job = await createJob(t.db, owner.id, { payMode: "direct" });
    const worker = await createWorker(t.db);
    const hired = await createAcceptedApplication(t.db, job.id, worker.id);
    await t.db.execute(sql`update job_applications set status = 'withdrawn' where id = ${hired.id}`);
    expect((await t.callerAs(owner.id).jobs.forEdit({ jobId: job.id })).hired).toBe(false);
    await t.callerAs(owner.id).jobs.update(editInput(job.id, { payMode: "through_daywork" }));
    expect(await payModeOf(job.id)).toBe("through_daywork");
  });

  it("refuses anyone but the owner as if the job did not exist, and leaves the mode", async () => {
    const job = await createJob(t.db, owner.id);
    for (const stranger of [await createEmployer(t.db), await createWorker(t.db)]) {
      await expectRefusal(
        t.callerAs(stranger.id).jobs.update(editInput(job.id, { payMode: "through_daywork" })),
        "NOT_FOUND",
        ERR.jobEditNotFound,
      );
    }
    expect(await payModeOf(job.id)).toBe("direct");
  });

  it("refuses through Daywork once the rate is cleared or the currency has no provider", async () => {
    const job = await createJob(t.db, owner.id, { payMode: "through_daywork" });
    const me = t.callerAs(owner.id);
    await expectRefusal(
      me.jobs.update(editInput(job.id, { payMode: "through_daywork", hourlyRate: "" })),
      "BAD_REQUEST",
      ERR.payModeNeedsRate,
    );
    await me.jobs.update(editInput(job.id, { payMode: "direct", hourlyRate: "" }));
    expect(await payModeOf(job.id)).toBe("direct");
  });
});
