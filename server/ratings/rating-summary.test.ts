import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createAcceptedApplication } from "../../db/factories/hiring.ts";
import { createJob } from "../../db/factories/jobs.ts";
import { createRating } from "../../db/factories/ratings.ts";
import { createEmployer, createWorker } from "../../db/factories/users.ts";
import { jobs, ratings, ratingSummaries } from "../../db/schema/index.ts";
import { searchJobs } from "../jobs/search/index.ts";
import { deleteAccount } from "../privacy/delete-account.ts";
import { standingKey } from "../privacy/standing-key.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { personRating } from "./rating-summary.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Summary = { userId: string; count: number; sum: number };

/** Every person's ratings received, aggregated from the reviews themselves. */
async function aggregated(): Promise<Summary[]> {
  const rows = await t.db
    .select({ userId: ratings.toUserId, count: sql<number>`count(*)::int`, sum: sql<number>`sum(${ratings.rating})::int` })
    .from(ratings)
    .groupBy(ratings.toUserId);
  return rows.sort((a, b) => a.userId.localeCompare(b.userId));
}

/** The kept summaries, people whose every review went (count 0) left out, as the aggregate leaves them out. */
async function kept(): Promise<Summary[]> {
  const rows = await t.db
    .select({ userId: ratingSummaries.userId, count: ratingSummaries.ratingCount, sum: ratingSummaries.ratingSum })
    .from(ratingSummaries);
  return rows.filter((r) => r.count > 0).sort((a, b) => a.userId.localeCompare(b.userId));
}

/** avg() over the person's reviews, as the screens used to compute it per request. */
async function averageOf(userId: string): Promise<number | null> {
  const [row] = await t.db
    .select({ average: sql<number | null>`avg(${ratings.rating})::float8` })
    .from(ratings)
    .where(eq(ratings.toUserId, userId));
  return row?.average ?? null;
}

/** A completed job of `owner` on which each of `workers` was accepted. */
async function completedJob(ownerId: string, workerIds: string[]) {
  const job = await createJob(t.db, ownerId, { maxWorkers: Math.max(1, workerIds.length) });
  for (const id of workerIds) await createAcceptedApplication(t.db, job.id, id);
  await t.db.update(jobs).set({ status: "completed" }).where(eq(jobs.id, job.id));
  return job;
}

describe("kept ratings (rating_summaries)", () => {
  it("match the aggregate over reviews after submits, and every screen reads the same average", async () => {
    const owner = await createEmployer(t.db);
    const workers = [await createWorker(t.db), await createWorker(t.db), await createWorker(t.db)];
    const job = await completedJob(
      owner.id,
      workers.map((w) => w.id),
    );
    // Worker reviews of the owner race each other: the counts must still add up.
    await Promise.all(
      workers.map((w, i) => t.callerAs(w.id).ratings.submit({ jobId: job.id, toUserId: owner.id, rating: [5, 4, 4][i] ?? 5 })),
    );
    await t.callerAs(owner.id).ratings.submit({ jobId: job.id, toUserId: workers[0]?.id ?? "", rating: 2 });
    // A refused duplicate changes nothing.
    await expect(
      t.callerAs(workers[0]?.id ?? null).ratings.submit({ jobId: job.id, toUserId: owner.id, rating: 1 }),
    ).rejects.toThrow();

    expect(await kept()).toEqual(await aggregated());
    const average = await averageOf(owner.id);
    expect(average).toBeCloseTo(13 / 3, 12);
    expect(await personRating(t.db, owner.id, null)).toEqual({ average, count: 3 });
    expect(await t.callerAs(null).jobs.byId({ jobId: job.id })).toMatchObject({ employerRating: { average, count: 3 } });
    expect(await personRating(t.db, workers[1]?.id ?? "", null)).toEqual({ average: null, count: 0 });

    // The home list shows the same rating on the employer's open jobs.
    await createJob(t.db, owner.id, { title: "Quokka feeder wanted" });
    const page = await searchJobs(t.db, { q: "quokka" }, "en");
    expect("items" in page && page.items[0]?.employerRating).toEqual({ average, count: 3 });
  });

  it("follow bulk inserts and deletes of reviews, one statement for many people", async () => {
    const owner = await createEmployer(t.db);
    const workers = [await createWorker(t.db), await createWorker(t.db)];
    const job = await completedJob(
      owner.id,
      workers.map((w) => w.id),
    );
    await t.db.insert(ratings).values([
      { jobId: job.id, fromUserId: owner.id, toUserId: workers[0]?.id ?? "", rating: 3 },
      { jobId: job.id, fromUserId: owner.id, toUserId: workers[1]?.id ?? "", rating: 4 },
      { jobId: job.id, fromUserId: workers[0]?.id ?? "", toUserId: owner.id, rating: 5 },
    ]);
    expect(await kept()).toEqual(await aggregated());
    await t.db.delete(ratings).where(eq(ratings.fromUserId, owner.id));
    expect(await kept()).toEqual(await aggregated());
    expect(await personRating(t.db, workers[0]?.id ?? "", null)).toEqual({ average: null, count: 0 });
  });

  it("stay as they were when a reviewer deletes their account: the reviews move to an anonymous stand-in (decision 050)", async () => {
    const reviewer = await createEmployer(t.db, { fullName: "Leaving Reviewer" });
    const stayer = await createEmployer(t.db);
    const worker = await createWorker(t.db);
    const other = await createWorker(t.db);
    // The reviewer rated two workers on their own job; the worker was also rated by someone staying.
    const theirs = await completedJob(reviewer.id, [worker.id, other.id]);
    await createRating(t.db, { jobId: theirs.id, fromUserId: reviewer.id, toUserId: worker.id, rating: 1 });
    await createRating(t.db, { jobId: theirs.id, fromUserId: reviewer.id, toUserId: other.id, rating: 2 });
    await createRating(t.db, { jobId: theirs.id, fromUserId: worker.id, toUserId: reviewer.id, rating: 4 });
    const staying = await completedJob(stayer.id, [worker.id]);
    await createRating(t.db, { jobId: staying.id, fromUserId: stayer.id, toUserId: worker.id, rating: 5 });
    expect(await personRating(t.db, worker.id, null)).toEqual({ average: 3, count: 2 });

    expect(await deleteAccount(t.db, t.services.queue, reviewer.id, new Date(), standingKey("test-secret"))).not.toBeNull();

    expect(await kept()).toEqual(await aggregated());
    expect(await personRating(t.db, worker.id, null)).toEqual({ average: 3, count: 2 });
    expect(await personRating(t.db, other.id, null)).toEqual({ average: 2, count: 1 });
    expect(await t.db.$count(ratingSummaries, inArray(ratingSummaries.userId, [reviewer.id]))).toBe(0);
  });
});
