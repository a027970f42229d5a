import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createJob } from "../../db/factories/jobs.ts";
import { createEmployer, createWorker } from "../../db/factories/users.ts";
import { jobs } from "../../db/schema/index.ts";
import { ERR } from "../../domain/errors.ts";
import { JOB_STATUSES } from "../../domain/statuses.ts";
import { expectRefusal } from "../testing/refusal.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { callHttp, validJobInput } from "./job-test-kit.ts";

let t: TestApp;
let owner: { id: string };
let otherEmployer: { id: string };
let worker: { id: string };
beforeAll(async () => {
  t = await createTestApp();
  owner = await createEmployer(t.db, {
    fullName: "Owner Olga",
    companyName: "Olga's Removals",
    bio: "Moving since 2010",
    location: "Kazan",
  });
  otherEmployer = await createEmployer(t.db);
  worker = await createWorker(t.db);
});
afterAll(() => t.close());

const editOf = (jobId: string) => {
  const { language: _language, ...fields } = validJobInput({ title: "Hijacked title" });
  return { ...fields, jobId };
};

describe("viewing and searching (anyone)", () => {
  it("lets a visitor search and see only open jobs", async () => {
    const byStatus = Object.fromEntries(
      await Promise.all(
        JOB_STATUSES.map(async (status) => [status, await createJob(t.db, owner.id, { status, title: `Status ${status} job` })]),
      ),
    );
    const page = await t.callerAs(null).jobs.search({ q: "status" });
    expect(page.items.map((j) => j.id)).toEqual([byStatus.open.id]);
    expect(page.total).toBe(1);
  });

  it("lets a visitor open any job by its link, whatever its status, with the employer's public details", async () => {
    const done = await createJob(t.db, owner.id, { status: "completed", title: "Finished job" });
    const job = await t.callerAs(null).jobs.byId({ jobId: done.id });
    expect(job).toMatchObject({
      id: done.id,
      title: "Finished job",
      status: "completed",
      employer: {
        id: owner.id,
        fullName: "Owner Olga",
        companyName: "Olga's Removals",
        bio: "Moving since 2010",
        location: "Kazan",
      },
      employerRating: { average: null, count: 0 },
    });
    expect(job).not.toHaveProperty("searchText");
    expect(job).not.toHaveProperty("searchDoc");
  });

  it("keeps a hidden employer's bio and location to the employer, but always names who posts the job", async () => {
    const hidden = await createEmployer(t.db, {
      fullName: "Quiet Quinn",
      companyName: "Quiet Co",
      bio: "Private bio",
      location: "Secret town",
      privacyProfileVisible: false,
    });
    const job = await createJob(t.db, hidden.id);
    for (const reader of [null, worker.id]) {
      const seen = await t.callerAs(reader).jobs.byId({ jobId: job.id });
      expect(seen.employer).toMatchObject({
        fullName: "Quiet Quinn",
        companyName: "Quiet Co",
        bio: null,
        location: null,
        profileVisible: false,
      });
    }
    const own = await t.callerAs(hidden.id).jobs.byId({ jobId: job.id });
    expect(own.employer).toMatchObject({ bio: "Private bio", location: "Secret town" });
  });

  it("answers 'Job not found' for a missing job (404) and a malformed id (400, refused by the schema), never 500", async () => {
    await expectRefusal(
      t.callerAs(null).jobs.byId({ jobId: "00000000-0000-4000-8000-000000000000" }),
      "NOT_FOUND",
      ERR.jobNotFound,
    );
    const res = await callHttp(t, "query", "jobs.byId", { jobId: "'; drop table jobs; --" });
    expect(res.status).toBe(400);
    expect(res.error?.messageKey).toBe(ERR.jobNotFound);
  });
});

describe("the edit form (owner only)", () => {
  it("loads for the owner", async () => {
    const job = await createJob(t.db, owner.id);
    expect(await t.callerAs(owner.id).jobs.forEdit({ jobId: job.id })).toMatchObject({ id: job.id, employerId: owner.id });
  });

  it("is 'not found or no permission' for a worker and another employer, and UNAUTHORIZED for a visitor", async () => {
    const job = await createJob(t.db, owner.id);
    for (const stranger of [worker, otherEmployer]) {
      await expectRefusal(t.callerAs(stranger.id).jobs.forEdit({ jobId: job.id }), "NOT_FOUND", ERR.jobEditNotFound);
    }
    await expectRefusal(t.callerAs(null).jobs.forEdit({ jobId: job.id }), "UNAUTHORIZED", ERR.unauthorized);
  });
});

describe("updating (owner only)", () => {
  it("refuses a worker, another employer and a visitor, and leaves the job as it was", async () => {
    const job = await createJob(t.db, owner.id, { title: "Original title" });
    for (const stranger of [worker, otherEmployer]) {
      await expectRefusal(t.callerAs(stranger.id).jobs.update(editOf(job.id)), "NOT_FOUND", ERR.jobEditNotFound);
    }
    await expectRefusal(t.callerAs(null).jobs.update(editOf(job.id)), "UNAUTHORIZED", ERR.unauthorized);
    const [row] = await t.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row?.title).toBe("Original title");
    expect(row?.updatedAt.getTime()).toBe(job.updatedAt.getTime());
  });

  it("lets the owner update", async () => {
    const job = await createJob(t.db, owner.id);
    await t.callerAs(owner.id).jobs.update(editOf(job.id));
    const [row] = await t.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row?.title).toBe("Hijacked title");
  });
});

describe("my jobs and posting (signed-in only)", () => {
  it("refuses a visitor", async () => {
    await expectRefusal(t.callerAs(null).jobs.mine({}), "UNAUTHORIZED", ERR.unauthorized);
    await expectRefusal(t.callerAs(null).jobs.create(validJobInput()), "UNAUTHORIZED", ERR.unauthorized);
  });
});
