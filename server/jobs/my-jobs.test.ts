import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createApplication, createJob } from "../../db/factories/jobs.ts";
import { createEmployer, createWorker } from "../../db/factories/users.ts";
import type { PageCursor } from "../../domain/page-cursor.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

async function everyPage(userId: string) {
  const caller = t.callerAs(userId);
  const items = [];
  let cursor: PageCursor | null = null;
  for (let guard = 0; guard < 20; guard++) {
    const page = await caller.jobs.mine({ cursor });
    items.push(...page.items);
    if (!page.nextCursor) return items;
    cursor = page.nextCursor;
  }
  throw new Error("pagination did not end");
}

describe("jobs.mine for employers", () => {
  it("lists the employer's own jobs of every status, newest first, across pages, and nobody else's", async () => {
    const employer = await createEmployer(t.db);
    const other = await createEmployer(t.db);
    await createJob(t.db, other.id, { title: "Someone else's job" });
    const made = [];
    for (let i = 0; i < 23; i++) {
      made.push(
        await createJob(t.db, employer.id, {
          title: `Mine ${i}`,
          createdAt: minutesAgo(100 - i),
          status: i % 4 === 0 ? "completed" : "open",
        }),
      );
    }
    const first = await t.callerAs(employer.id).jobs.mine({});
    expect(first.role).toBe("employer");
    expect(first.items).toHaveLength(20);
    const all = await everyPage(employer.id);
    expect(all.map((j) => j.title)).toEqual(made.map((j) => j.title).reverse());
    expect(all.every((j) => j.applicationStatus === null)).toBe(true);
    expect(all.find((j) => j.title === "Mine 0")).toMatchObject({
      status: "completed",
      maxWorkers: 2,
      hourlyRate: 500,
      currency: "RUB",
    });
  });

  it("is empty for an employer who posted nothing", async () => {
    const fresh = await createEmployer(t.db);
    expect(await t.callerAs(fresh.id).jobs.mine({})).toEqual({ role: "employer", items: [], nextCursor: null });
  });
});

describe("jobs.mine for workers", () => {
  it("lists the jobs the worker applied to with the application's status, latest application first", async () => {
    const employer = await createEmployer(t.db);
    const worker = await createWorker(t.db);
    const otherWorker = await createWorker(t.db);
    const older = await createJob(t.db, employer.id, { title: "Applied first", createdAt: minutesAgo(1) });
    const newer = await createJob(t.db, employer.id, {
      title: "Applied second",
      createdAt: minutesAgo(50),
      status: "in_progress",
    });
    const ignored = await createJob(t.db, employer.id, { title: "Only the other worker applied" });
    await createApplication(t.db, older.id, worker.id, { status: "accepted", createdAt: minutesAgo(30) });
    await createApplication(t.db, newer.id, worker.id, { status: "pending", createdAt: minutesAgo(5) });
    await createApplication(t.db, ignored.id, otherWorker.id);
    const page = await t.callerAs(worker.id).jobs.mine({});
    expect(page.role).toBe("worker");
    expect(page.items.map((j) => [j.title, j.applicationStatus, j.status])).toEqual([
      ["Applied second", "pending", "in_progress"],
      ["Applied first", "accepted", "open"],
    ]);
  });

  it("pages through more than 20 applications without repeats", async () => {
    const employer = await createEmployer(t.db);
    const worker = await createWorker(t.db);
    const same = new Date("2025-03-03T03:03:03Z");
    for (let i = 0; i < 21; i++) {
      const job = await createJob(t.db, employer.id, { title: `Application ${i}` });
      await createApplication(t.db, job.id, worker.id, { createdAt: same });
    }
    const all = await everyPage(worker.id);
    expect(all).toHaveLength(21);
    expect(new Set(all.map((j) => j.id)).size).toBe(21);
  });
});
