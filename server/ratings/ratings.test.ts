import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createAcceptedApplication } from "../../db/factories/hiring.ts";
import { createApplication, createJob } from "../../db/factories/jobs.ts";
import { createRating } from "../../db/factories/ratings.ts";
import { createEmployer, createWorker } from "../../db/factories/users.ts";
import { jobs, ratings } from "../../db/schema/index.ts";
import { ERR } from "../../domain/errors.ts";
import { LIMITS } from "../../domain/limits.ts";
import { expectRefusal } from "../testing/refusal.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MISSING_ID = "00000000-0000-4000-8000-000000000000";

/** A job with two accepted workers, a rejected and a pending one, and someone who never applied. */
async function staffedJob(status: "open" | "in_progress" | "completed" = "completed") {
  const owner = await createEmployer(t.db, { fullName: "Olga Owner" });
  const job = await createJob(t.db, owner.id, { maxWorkers: 3 });
  const [first, second, rejected, pending, outsider] = [
    await createWorker(t.db, { fullName: "Anna Accepted" }),
    await createWorker(t.db, { fullName: "Boris Accepted" }),
    await createWorker(t.db),
    await createWorker(t.db),
    await createWorker(t.db),
  ];
  await createAcceptedApplication(t.db, job.id, first.id);
  await createAcceptedApplication(t.db, job.id, second.id);
  await createApplication(t.db, job.id, rejected.id, { status: "rejected" });
  await createApplication(t.db, job.id, pending.id);
  if (status !== "open") await t.db.update(jobs).set({ status }).where(eq(jobs.id, job.id));
  return { owner, job, first, second, rejected, pending, outsider };
}

/** `from` rates `to` on the job through the API. */
const rate = (fromUserId: string | null, jobId: string, toUserId: string, rating = 5) =>
  t.callerAs(fromUserId).ratings.submit({ jobId, toUserId, rating });

async function ratingsOn(jobId: string) {
  return t.db.select().from(ratings).where(eq(ratings.jobId, jobId));
}

describe("ratings.submit", () => {
  it("lets the owner rate each accepted worker and each accepted worker rate the owner, once", async () => {
    const { owner, job, first, second } = await staffedJob();
    const byOwner = await t
      .callerAs(owner.id)
      .ratings.submit({ jobId: job.id, toUserId: first.id, rating: 5, comment: "  Great work " });
    expect(byOwner).toMatchObject({ jobId: job.id, toUserId: first.id, rating: 5, comment: "Great work" });
    await rate(owner.id, job.id, second.id, 4);
    await t.callerAs(first.id).ratings.submit({ jobId: job.id, toUserId: owner.id, rating: 3, comment: "" });
    const stored = await ratingsOn(job.id);
    expect(stored).toHaveLength(3);
    expect(stored.find((r) => r.fromUserId === first.id)).toMatchObject({ toUserId: owner.id, rating: 3, comment: null });

    await expectRefusal(rate(owner.id, job.id, first.id, 1), "CONFLICT", ERR.alreadyRated);
    await expectRefusal(rate(first.id, job.id, owner.id), "CONFLICT", ERR.alreadyRated);
    expect(await ratingsOn(job.id)).toHaveLength(3);
  });

  it("refuses a duplicate that races the first rating", async () => {
    const { owner, job, first } = await staffedJob();
    const results = await Promise.allSettled([rate(first.id, job.id, owner.id), rate(first.id, job.id, owner.id, 4)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected");
    expect(refused?.status === "rejected" && refused.reason).toMatchObject({ code: "CONFLICT", message: ERR.alreadyRated });
    expect(await ratingsOn(job.id)).toHaveLength(1);
  });

  it("finds nothing to rate for rejected, pending and non-participants, or between two workers", async () => {
    const { owner, job, first, second, rejected, pending, outsider } = await staffedJob();
    const attempts: [string, string][] = [
      [rejected.id, owner.id],
      [owner.id, rejected.id],
      [pending.id, owner.id],
      [owner.id, pending.id],
      [outsider.id, owner.id],
      [outsider.id, first.id],
      [owner.id, outsider.id],
      [first.id, second.id],
    ];
    for (const [from, to] of attempts) {
      await expectRefusal(rate(from, job.id, to, 4), "NOT_FOUND", ERR.notFound);
    }
    const anotherEmployer = await createEmployer(t.db);
    await expectRefusal(rate(anotherEmployer.id, job.id, first.id, 4), "NOT_FOUND", ERR.notFound);
    await expectRefusal(rate(owner.id, MISSING_ID, first.id, 4), "NOT_FOUND", ERR.notFound);
    expect(await ratingsOn(job.id)).toEqual([]);
  });

  it.each(["open", "in_progress"] as const)("refuses participants while the job is %s", async (status) => {
    const { owner, job, first } = await staffedJob(status);
    await expectRefusal(rate(owner.id, job.id, first.id), "CONFLICT", ERR.ratingJobNotCompleted);
    await expectRefusal(rate(first.id, job.id, owner.id), "CONFLICT", ERR.ratingJobNotCompleted);
    expect(await ratingsOn(job.id)).toEqual([]);
  });

  it("refuses self-rating and anonymous visitors", async () => {
    const { owner, job } = await staffedJob();
    await expectRefusal(rate(owner.id, job.id, owner.id), "BAD_REQUEST", ERR.ratingSelf);
    await expectRefusal(rate(null, job.id, owner.id), "UNAUTHORIZED", ERR.unauthorized);
    expect(await ratingsOn(job.id)).toEqual([]);
  });

  it.each([
    ["0 stars", { rating: 0 }, ERR.ratingRange],
    ["6 stars", { rating: 6 }, ERR.ratingRange],
    ["half a star", { rating: 2.5 }, ERR.ratingRange],
    ["no rating", { rating: undefined }, ERR.ratingRange],
    ["a comment over 1000 characters", { rating: 4, comment: "c".repeat(LIMITS.ratingComment + 1) }, ERR.ratingCommentTooLong],
  ])("refuses %s with its message and writes nothing", async (_name, change, key) => {
    const { owner, job, first } = await staffedJob();
    const input = { jobId: job.id, toUserId: first.id, ...change } as { jobId: string; toUserId: string; rating: number };
    await expectRefusal(t.callerAs(owner.id).ratings.submit(input), "BAD_REQUEST", key);
    expect(await ratingsOn(job.id)).toEqual([]);
  });

  it("accepts a comment of exactly 1000 characters", async () => {
    const { owner, job, first } = await staffedJob();
    const comment = "c".repeat(LIMITS.ratingComment);
    expect(await t.callerAs(owner.id).ratings.submit({ jobId: job.id, toUserId: first.id, rating: 1, comment })).toMatchObject({
      comment,
    });
  });
});

describe("ratings.forJob", () => {
  it("gives the owner one entry per accepted worker and moves each to reviewed once rated", async () => {
    const { owner, job, first, second } = await staffedJob();
    const before = await t.callerAs(owner.id).ratings.forJob({ jobId: job.id });
    expect(before).toMatchObject({ jobId: job.id, jobStatus: "completed", canReview: true, reviewed: [] });
    expect(before.toReview).toEqual([
      { userId: first.id, fullName: "Anna Accepted", role: "worker" },
      { userId: second.id, fullName: "Boris Accepted", role: "worker" },
    ]);

    await t.callerAs(owner.id).ratings.submit({ jobId: job.id, toUserId: first.id, rating: 4, comment: "Good" });
    const after = await t.callerAs(owner.id).ratings.forJob({ jobId: job.id });
    expect(after.toReview).toEqual([{ userId: second.id, fullName: "Boris Accepted", role: "worker" }]);
    expect(after.reviewed).toEqual([
      { userId: first.id, fullName: "Anna Accepted", role: "worker", rating: 4, comment: "Good", ratedAt: expect.any(Date) },
    ]);
  });

  it("gives an accepted worker the employer, and others no one", async () => {
    const { owner, job, first, rejected, pending, outsider } = await staffedJob();
    const worker = await t.callerAs(first.id).ratings.forJob({ jobId: job.id });
    expect(worker.toReview).toEqual([{ userId: owner.id, fullName: "Olga Owner", role: "employer" }]);
    await rate(first.id, job.id, owner.id);
    const thanked = await t.callerAs(first.id).ratings.forJob({ jobId: job.id });
    expect(thanked.toReview).toEqual([]);
    expect(thanked.reviewed).toMatchObject([{ userId: owner.id, role: "employer", rating: 5, comment: null }]);

    for (const other of [rejected, pending, outsider]) {
      expect(await t.callerAs(other.id).ratings.forJob({ jobId: job.id })).toMatchObject({ toReview: [], reviewed: [] });
    }
    await expectRefusal(t.callerAs(null).ratings.forJob({ jobId: job.id }), "UNAUTHORIZED", ERR.unauthorized);
    await expectRefusal(t.callerAs(owner.id).ratings.forJob({ jobId: MISSING_ID }), "NOT_FOUND", ERR.jobNotFound);
  });

  it("offers no one to review before the job is completed", async () => {
    const { owner, job, first } = await staffedJob("in_progress");
    expect(await t.callerAs(owner.id).ratings.forJob({ jobId: job.id })).toMatchObject({
      canReview: false,
      toReview: [],
      reviewed: [],
    });
    expect(await t.callerAs(first.id).ratings.forJob({ jobId: job.id })).toMatchObject({ canReview: false, toReview: [] });
  });
});

describe("ratings.forUser and ratings.summary", () => {
  async function reviewed(count: number, hidden = false) {
    const person = await createWorker(t.db, { privacyProfileVisible: !hidden });
    const base = Date.parse("2026-03-01T10:00:00Z");
    for (let i = 0; i < count; i++) {
      const reviewer = await createEmployer(t.db, { fullName: `Reviewer ${i}` });
      const job = await createJob(t.db, reviewer.id, { status: "completed", title: `Job number ${i}` });
      // Reviews 2 and 3 share a timestamp, so the id breaks the tie, across the page boundary of 23.
      const createdAt = new Date(base + (i === 2 ? 3 : i) * 60_000);
      await createRating(t.db, {
        jobId: job.id,
        fromUserId: reviewer.id,
        toUserId: person.id,
        rating: (i % 5) + 1,
        comment: `Comment ${i}`,
        createdAt,
      });
    }
    return person;
  }

  it("lists reviews newest first with reviewer and job, twenty per page", async () => {
    const person = await reviewed(23);
    const visitor = t.callerAs(null);
    const first = await visitor.ratings.forUser({ userId: person.id });
    expect(first.items).toHaveLength(LIMITS.pageSize);
    expect(first.nextCursor?.id).toBe(first.items.at(-1)?.id);
    expect(first.items[0]).toMatchObject({
      rating: expect.any(Number),
      comment: expect.stringMatching(/^Comment \d+$/),
      createdAt: expect.any(Date),
      jobTitle: expect.stringMatching(/^Job number \d+$/),
      reviewer: { fullName: expect.stringMatching(/^Reviewer \d+$/) },
    });
    const second = await visitor.ratings.forUser({ userId: person.id, cursor: first.nextCursor });
    expect(second.items).toHaveLength(3);
    expect(second.nextCursor).toBeNull();

    const all = [...first.items, ...second.items];
    expect(new Set(all.map((r) => r.id)).size).toBe(23);
    const times = all.map((r) => r.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const comments = all.map((r) => r.comment);
    expect(comments.slice(0, 19)).toEqual(Array.from({ length: 19 }, (_, i) => `Comment ${22 - i}`));
    expect(comments.slice(19, 21).sort()).toEqual(["Comment 2", "Comment 3"]);
    expect(comments.slice(21)).toEqual(["Comment 1", "Comment 0"]);
  });

  it("summarises average and count in SQL", async () => {
    const person = await reviewed(3); // 1, 2 and 3 stars
    expect(await t.callerAs(null).ratings.summary({ userId: person.id })).toEqual({ average: 2, count: 3 });
    const unrated = await createWorker(t.db);
    expect(await t.callerAs(null).ratings.summary({ userId: unrated.id })).toEqual({ average: null, count: 0 });
    expect(await t.callerAs(null).ratings.forUser({ userId: unrated.id })).toEqual({ items: [], nextCursor: null });
  });

  it("names a reviewer who hid their profile to nobody but themselves", async () => {
    const person = await reviewed(1);
    const [review] = await t.db.select().from(ratings).where(eq(ratings.toUserId, person.id));
    if (!review) throw new Error("no review");
    await t.callerAs(review.fromUserId).profiles.setPrivacy({ profileVisible: false, showEmail: false });
    const stranger = await createWorker(t.db);
    for (const caller of [t.callerAs(null), t.callerAs(stranger.id), t.callerAs(person.id)]) {
      const [shown] = (await caller.ratings.forUser({ userId: person.id })).items;
      expect(shown).toMatchObject({ comment: review.comment, reviewer: null });
      expect(JSON.stringify(shown)).not.toContain(review.fromUserId);
    }
    const [own] = (await t.callerAs(review.fromUserId).ratings.forUser({ userId: person.id })).items;
    expect(own?.reviewer).toMatchObject({ id: review.fromUserId });
  });

  it("shows a hidden profile's reviews to its owner only", async () => {
    const person = await reviewed(2, true);
    expect((await t.callerAs(person.id).ratings.forUser({ userId: person.id })).items).toHaveLength(2);
    expect(await t.callerAs(person.id).ratings.summary({ userId: person.id })).toMatchObject({ count: 2 });
    const stranger = await createWorker(t.db);
    for (const caller of [t.callerAs(null), t.callerAs(stranger.id)]) {
      await expectRefusal(caller.ratings.forUser({ userId: person.id }), "NOT_FOUND", ERR.notFound);
      await expectRefusal(caller.ratings.summary({ userId: person.id }), "NOT_FOUND", ERR.notFound);
    }
  });

  it("answers a reviewer whose profile is hidden anonymously, and an unknown person as not found", async () => {
    const person = await createWorker(t.db);
    const shy = await createEmployer(t.db, { privacyProfileVisible: false });
    const job = await createJob(t.db, shy.id, { status: "completed" });
    await createRating(t.db, { jobId: job.id, fromUserId: shy.id, toUserId: person.id });
    const page = await t.callerAs(null).ratings.forUser({ userId: person.id });
    expect(page.items[0]?.reviewer).toBeNull();
    await expectRefusal(t.callerAs(null).ratings.forUser({ userId: "nobody" }), "NOT_FOUND", ERR.notFound);
    await expectRefusal(t.callerAs(null).ratings.summary({ userId: "nobody" }), "NOT_FOUND", ERR.notFound);
  });
});
