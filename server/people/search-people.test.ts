import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createJob } from "../../db/factories/jobs.ts";
import { createEmployer, createPerson, createWorker } from "../../db/factories/users.ts";
import { profiles, ratings } from "../../db/schema/index.ts";
import { ERR } from "../../domain/errors.ts";
import { callHttp } from "../jobs/job-test-kit.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const search = (q: string) => t.callerAs(null).people.search({ q });

describe("people.search", () => {
  it("matches full name, company name and location in any case, for anyone", async () => {
    const byName = await createWorker(t.db, { fullName: "Aigerim Pelicanova" });
    const byCompany = await createEmployer(t.db, { fullName: "Ivan Petrov", companyName: "PELICAN Logistics" });
    const byLocation = await createWorker(t.db, { fullName: "Dmitry Orlov", location: "Pelican Bay" });
    await createWorker(t.db, { fullName: "Nobody Related", bio: "I like pelicans" });
    const found = await search("pelican");
    expect(found.map((p) => p.id).sort()).toEqual([byName.id, byCompany.id, byLocation.id].sort());
    expect(found[0]).toMatchObject({ id: byCompany.id, userType: "employer", companyName: "PELICAN Logistics" });
  });

  it("never returns hidden profiles or unfinished sign-ups", async () => {
    await createWorker(t.db, { fullName: "Hidden Heron", privacyProfileVisible: false });
    await createPerson(t.db, { fullName: "Halfway Heron", onboardingCompletedAt: null });
    const visible = await createWorker(t.db, { fullName: "Visible Heron" });
    expect((await search("heron")).map((p) => p.id)).toEqual([visible.id]);
  });

  it("puts employers first and returns at most 20", async () => {
    for (let i = 0; i < 15; i++) await createWorker(t.db, { fullName: `Worker Flamingo ${String(i).padStart(2, "0")}` });
    for (let i = 0; i < 10; i++) await createEmployer(t.db, { fullName: `Employer Flamingo ${i}` });
    const found = await search("flamingo");
    expect(found).toHaveLength(20);
    expect(found.slice(0, 10).every((p) => p.userType === "employer")).toBe(true);
    expect(found.slice(10).every((p) => p.userType === "worker")).toBe(true);
  });

  it("shows a short bio excerpt and the person's rating average and count", async () => {
    const employer = await createEmployer(t.db, { fullName: "Kestrel Boss", bio: "b".repeat(400) });
    const worker = await createWorker(t.db, { fullName: "Kestrel Hand", bio: "Careful and quick." });
    const job = await createJob(t.db, employer.id, { status: "completed" });
    await t.db.insert(ratings).values([
      { jobId: job.id, fromUserId: worker.id, toUserId: employer.id, rating: 4 },
      { jobId: job.id, fromUserId: employer.id, toUserId: worker.id, rating: 5 },
    ]);
    const [boss, hand] = await search("kestrel");
    expect(boss).toMatchObject({ id: employer.id, rating: { average: 4, count: 1 }, bioTruncated: true });
    expect(boss?.bioExcerpt).toHaveLength(160);
    expect(hand).toMatchObject({
      id: worker.id,
      rating: { average: 5, count: 1 },
      bioExcerpt: "Careful and quick.",
      bioTruncated: false,
    });
    const [unrated] = await search("flamingo 00");
    expect(unrated).toMatchObject({ rating: { average: null, count: 0 } });
  });

  it("treats % and _ literally and returns nothing for blank text", async () => {
    await createWorker(t.db, { fullName: "Percent 100% Sure" });
    expect((await search("100%")).map((p) => p.fullName)).toEqual(["Percent 100% Sure"]);
    // Among more than 20 visible profiles, "%" finds only the one with a percent sign.
    expect(await t.db.$count(profiles)).toBeGreaterThan(20);
    expect(await search("%")).toHaveLength(1);
    expect(await search("   ")).toEqual([]);
  });

  it("refuses over-long text as bad input over HTTP, not a server error", async () => {
    const res = await callHttp(t, "query", "people.search", { q: "x".repeat(201) });
    expect(res.status).toBe(400);
    expect(res.error?.messageKey).toBe(ERR.searchTooLong);
  });
});
