import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createApplication, createJob, dateFromToday } from "../../db/factories/jobs.ts";
import { createRating } from "../../db/factories/ratings.ts";
import { createEmployer, createWorker } from "../../db/factories/users.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

// An employer who hid their profile is named nowhere a worker's public profile leads (docs/decisions/059):
// not by the review they gave (no job id, whose page names them), not by the worker's work history.
let t: TestApp;
let hidden: { id: string; fullName: string };
let visible: { id: string };
let worker: { id: string };
let stranger: { id: string };
let hiddenJob: { id: string };
let visibleJob: { id: string };
beforeAll(async () => {
  t = await createTestApp();
  hidden = await createEmployer(t.db, {
    fullName: "Hanna Hidden",
    companyName: "Secret Gardens LLC",
    privacyProfileVisible: false,
  });
  visible = await createEmployer(t.db, { fullName: "Vera Visible", companyName: "Open Works" });
  worker = await createWorker(t.db, { fullName: "Walter Worker" });
  stranger = await createWorker(t.db, { fullName: "Stas Stranger" });
  hiddenJob = await createJob(t.db, hidden.id, { status: "completed", title: "Hedge trimming", startDate: dateFromToday(-5) });
  visibleJob = await createJob(t.db, visible.id, { status: "completed", title: "Moving boxes", startDate: dateFromToday(-3) });
  for (const job of [hiddenJob, visibleJob]) await createApplication(t.db, job.id, worker.id, { status: "accepted" });
  await createRating(t.db, { jobId: hiddenJob.id, fromUserId: hidden.id, toUserId: worker.id, rating: 5, comment: "Great" });
  await createRating(t.db, { jobId: visibleJob.id, fromUserId: visible.id, toUserId: worker.id, rating: 4, comment: "Good" });
});
afterAll(() => t.close());

/** Everything a reader gets from the worker's public profile page, as one JSON text. */
async function profilePageAs(viewerId: string | null): Promise<string> {
  const caller = t.callerAs(viewerId);
  const answers = await Promise.all([
    caller.profiles.public({ id: worker.id }),
    caller.ratings.forUser({ userId: worker.id }),
    caller.ratings.summary({ userId: worker.id }),
    caller.workHistory.forUser({ userId: worker.id }),
  ]);
  return JSON.stringify(answers);
}

describe("a hidden employer, read from a worker's public profile", () => {
  it.each([
    ["a visitor", () => null],
    ["another member", () => stranger.id],
    ["a visible employer of the same worker", () => visible.id],
  ])("is not named, nor its id or its job's id given, to %s", async (_who, viewer) => {
    const page = await profilePageAs(viewer());
    for (const secret of [hidden.id, hidden.fullName, "Secret Gardens LLC", hiddenJob.id]) expect(page).not.toContain(secret);
    // What is not secret still shows: the visible employer, the review's stars and text, the job done.
    for (const shown of [visible.id, "Vera Visible", visibleJob.id, "Great", "Hedge trimming"]) expect(page).toContain(shown);
  });

  it("answers the review without a reviewer or job id, and the history row without employer or job id", async () => {
    const reviews = await t.callerAs(stranger.id).ratings.forUser({ userId: worker.id });
    expect(reviews.items.find((r) => r.comment === "Great")).toMatchObject({
      reviewer: null,
      jobId: null,
      jobTitle: "Hedge trimming",
    });
    const history = await t.callerAs(stranger.id).workHistory.forUser({ userId: worker.id });
    expect(history.previousJobs.find((j) => j.title === "Hedge trimming")).toMatchObject({
      id: null,
      employerId: null,
      employerName: null,
      companyName: null,
    });
  });

  it("is shown whole to the worker, who worked for them, and to the employer themselves", async () => {
    for (const viewer of [worker.id, hidden.id]) {
      const history = await t.callerAs(viewer).workHistory.forUser({ userId: worker.id });
      expect(history.previousJobs.find((j) => j.title === "Hedge trimming")).toMatchObject({
        id: hiddenJob.id,
        employerName: "Hanna Hidden",
      });
      const reviews = await t.callerAs(viewer).ratings.forUser({ userId: worker.id });
      expect(reviews.items.find((r) => r.comment === "Great")?.jobId).toBe(hiddenJob.id);
    }
  });
});
