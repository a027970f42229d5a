import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createAcceptedApplication } from "../../db/factories/hiring.ts";
import { createJob, dateFromToday } from "../../db/factories/jobs.ts";
import { createRating } from "../../db/factories/ratings.ts";
import { createEmployer, createWorker } from "../../db/factories/users.ts";
import {
  deletedAccounts,
  jobApplications,
  jobs,
  profiles,
  ratings,
  reliabilityEvents,
  shiftAttendance,
  timesheets,
} from "../../db/schema/index.ts";
import { signUp, type SignedUp } from "../testing/accounts.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { standingKey } from "./standing-key.ts";
import { rowsMentioning } from "./testing/user-references.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A day worked on a job: attendance and an approved timesheet of `minutes`. */
async function workedDay(jobId: string, applicationId: string, shiftDate: string, minutes: number) {
  const at = new Date(`${shiftDate}T06:00:00Z`);
  const out = new Date(at.getTime() + minutes * 60_000);
  const day = { jobId, applicationId, shiftDate };
  await t.db.insert(shiftAttendance).values({
    ...day,
    presence: "present",
    checkedInAt: at,
    checkedOutAt: out,
    checkInBy: "worker",
    checkOutBy: "worker",
    createdAt: at,
    updatedAt: at,
  });
  await t.db
    .insert(timesheets)
    .values({ ...day, status: "approved", recordedMinutes: minutes, minutes, createdAt: at, updatedAt: at });
}

async function strike(userId: string, jobId: string, onDate: string, reply: string | null = null) {
  await t.db.insert(reliabilityEvents).values({
    userId,
    jobId,
    kind: "no_show",
    role: "worker",
    onDate,
    reply,
    repliedAt: reply ? new Date() : null,
    createdAt: new Date(),
  });
}

/** A person signed up over HTTP with a name and phone to look for afterwards. */
async function person(name: string, phone: string): Promise<SignedUp & { name: string; phone: string }> {
  const account = await signUp(t, { name, email: `${name.toLowerCase().replace(/\W/g, "")}.${Date.now()}@example.com` });
  await t.db
    .update(profiles)
    .set({ phone, bio: `${name} bio`, onboardingCompletedAt: new Date() })
    .where(eq(profiles.id, account.id));
  return { ...account, name, phone };
}

async function deleteAccountOf(account: SignedUp) {
  const caller = await t.callerWithHeaders({ cookie: account.cookie });
  expect(await caller.privacy.deleteAccount()).toEqual({ deleted: true });
  await t.runBackground();
}

/** The parts of a timesheet that are the record: who is anonymous is compared separately. */
function hours(rows: { date: string; timesheet: { minutes: number; status: string } | null; attendance: unknown }[]) {
  return rows.map((row) => ({
    date: row.date,
    minutes: row.timesheet?.minutes,
    status: row.timesheet?.status,
    attendance: row.attendance,
  }));
}

async function noPersonalData(account: SignedUp & { name: string; phone: string }, markers: string[]) {
  for (const needle of [account.id, account.email, account.name, account.phone, ...markers]) {
    expect(await rowsMentioning(t.db, needle), needle).toEqual({});
  }
}

describe("deleting a worker's account", () => {
  it("keeps the employer's timesheet, hired count, reviews and rating as they were, with no personal data left", async () => {
    const employer = await createEmployer(t.db);
    const leaving = await person("Leaving Worker", "+7 911 111-11-11");
    const staying = await createWorker(t.db);
    const job = await createJob(t.db, employer.id, { startDate: dateFromToday(-1), durationDays: 2, maxWorkers: 2 });
    const leavingHire = await createAcceptedApplication(t.db, job.id, leaving.id);
    await t.db.update(jobApplications).set({ message: "LEAVING-NOTE call me" }).where(eq(jobApplications.id, leavingHire.id));
    const stayingHire = await createAcceptedApplication(t.db, job.id, staying.id);
    await workedDay(job.id, leavingHire.id, job.startDate, 480);
    await workedDay(job.id, stayingHire.id, job.startDate, 420);
    await createRating(t.db, { jobId: job.id, fromUserId: employer.id, toUserId: leaving.id, rating: 2, comment: "Late twice" });
    await createRating(t.db, {
      jobId: job.id,
      fromUserId: leaving.id,
      toUserId: employer.id,
      rating: 5,
      comment: "LEAVING-REVIEW by Leaving Worker",
    });
    await createRating(t.db, { jobId: job.id, fromUserId: staying.id, toUserId: employer.id, rating: 4, comment: "Fair" });
    await strike(leaving.id, job.id, job.startDate, "LEAVING-REPLY I was ill");

    const owner = t.callerAs(employer.id);
    const before = {
      sheet: await owner.timesheets.forJob({ jobId: job.id }),
      job: await owner.jobs.byId({ jobId: job.id }),
      rating: await owner.ratings.summary({ userId: employer.id }),
      reviews: await owner.ratings.forUser({ userId: employer.id }),
    };
    expect(before.rating).toEqual({ average: 4.5, count: 2 });

    await deleteAccountOf(leaving);

    const sheet = await owner.timesheets.forJob({ jobId: job.id });
    expect(hours(sheet.rows)).toEqual(hours(before.sheet.rows));
    expect([...new Set(sheet.rows.map((row) => row.workerName))].sort()).toEqual(["", staying.fullName]);
    const after = await owner.jobs.byId({ jobId: job.id });
    expect(after.acceptedCount).toBe(2);
    expect(after.acceptedCount).toBe(before.job.acceptedCount);
    expect(await owner.ratings.summary({ userId: employer.id })).toEqual(before.rating);
    const reviews = await owner.ratings.forUser({ userId: employer.id });
    expect(reviews.items.map((review) => review.rating).sort()).toEqual(
      before.reviews.items.map((review) => review.rating).sort(),
    );
    // The review they gave keeps its stars, not their words; the review they received is the employer's.
    expect(
      await t.db.select({ rating: ratings.rating, comment: ratings.comment }).from(ratings).where(eq(ratings.jobId, job.id)),
    ).toEqual(
      expect.arrayContaining([
        { rating: 2, comment: "Late twice" },
        { rating: 5, comment: null },
        { rating: 4, comment: "Fair" },
      ]),
    );

    // The stand-in: no name, no details, hidden, and no way to sign in.
    const [standIn] = await t.db
      .select()
      .from(profiles)
      .where(
        sql`${profiles.deletedAt} is not null and ${profiles.id} in (select ${jobApplications.workerId} from ${jobApplications} where ${jobApplications.id} = ${leavingHire.id})`,
      );
    expect(standIn).toMatchObject({ fullName: "", phone: null, bio: null, dateOfBirth: null, privacyProfileVisible: false });
    await noPersonalData(leaving, ["LEAVING-NOTE", "LEAVING-REVIEW", "LEAVING-REPLY", "Leaving Worker bio"]);

    // The stand-in is nobody to invite or keep as a favourite: as if it did not exist, and not listed.
    const standInId = standIn?.id ?? "";
    const nextJob = await createJob(t.db, employer.id);
    await expect(owner.rehiring.invite({ jobId: nextJob.id, workerId: standInId })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(owner.rehiring.favourite({ workerId: standInId })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(owner.profiles.public({ id: standInId })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("gives back a place they held for work not yet begun", async () => {
    const employer = await createEmployer(t.db);
    const leaving = await person("Future Worker", "+7 911 222-22-22");
    const job = await createJob(t.db, employer.id, { startDate: dateFromToday(5), maxWorkers: 2 });
    await createAcceptedApplication(t.db, job.id, leaving.id);
    await deleteAccountOf(leaving);
    const [row] = await t.db.select({ acceptedCount: jobs.acceptedCount }).from(jobs).where(eq(jobs.id, job.id));
    expect(row).toEqual({ acceptedCount: 0 });
    expect(await t.db.$count(jobApplications, eq(jobApplications.jobId, job.id))).toBe(0);
    // Nothing of theirs was kept: no stand-in, no hash of their address.
    await noPersonalData(leaving, []);
  });
});

describe("deleting an employer's account", () => {
  it("keeps the worker's job, timesheet, hire, reviews and rating as they were, with no personal data left", async () => {
    const leaving = await person("Leaving Employer", "+7 911 333-33-33");
    const worker = await createWorker(t.db);
    const other = await createEmployer(t.db);
    const job = await createJob(t.db, leaving.id, {
      startDate: dateFromToday(-2),
      durationDays: 2,
      maxWorkers: 1,
      address: "LEAVING-ADDRESS 5 Home St",
    });
    const hire = await createAcceptedApplication(t.db, job.id, worker.id);
    await workedDay(job.id, hire.id, job.startDate, 300);
    await createRating(t.db, {
      jobId: job.id,
      fromUserId: leaving.id,
      toUserId: worker.id,
      rating: 5,
      comment: "LEAVING-PRAISE",
    });
    await createRating(t.db, { jobId: job.id, fromUserId: worker.id, toUserId: leaving.id, rating: 3, comment: "Paid late" });
    // The worker's other review, from someone staying.
    const otherJob = await createJob(t.db, other.id, { startDate: dateFromToday(-5), durationDays: 1 });
    await createAcceptedApplication(t.db, otherJob.id, worker.id);
    await createRating(t.db, { jobId: otherJob.id, fromUserId: other.id, toUserId: worker.id, rating: 3 });
    // A job of theirs nobody was hired for goes whole.
    const unused = await createJob(t.db, leaving.id, { title: "LEAVING-UNUSED job" });

    const me = t.callerAs(worker.id);
    const before = {
      sheet: await me.timesheets.forJob({ jobId: job.id }),
      rating: await me.ratings.summary({ userId: worker.id }),
    };
    expect(before.rating).toEqual({ average: 4, count: 2 });

    await deleteAccountOf(leaving);

    const sheet = await me.timesheets.forJob({ jobId: job.id });
    expect(hours(sheet.rows)).toEqual(hours(before.sheet.rows));
    expect(await me.ratings.summary({ userId: worker.id })).toEqual(before.rating);
    const [kept] = await t.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(kept).toMatchObject({ acceptedCount: 1, address: null, status: "cancelled" });
    expect(await t.db.$count(jobs, eq(jobs.id, unused.id))).toBe(0);
    expect(await t.db.$count(timesheets, eq(timesheets.applicationId, hire.id))).toBe(1);
    const [theirRating] = await t.db
      .select()
      .from(ratings)
      .where(eq(ratings.toUserId, kept?.employerId ?? ""));
    expect(theirRating).toMatchObject({ rating: 3, comment: "Paid late" });
    await noPersonalData(leaving, ["LEAVING-PRAISE", "LEAVING-ADDRESS", "LEAVING-UNUSED"]);
  });
});

describe("signing up again with the address of a deleted account", () => {
  it("inherits its strikes, hires and reviews: deleting does not wipe them", async () => {
    const employer = await createEmployer(t.db);
    const leaving = await person("Struck Worker", "+7 911 444-44-44");
    const job = await createJob(t.db, employer.id, { startDate: dateFromToday(-3), durationDays: 2 });
    const hire = await createAcceptedApplication(t.db, job.id, leaving.id);
    await workedDay(job.id, hire.id, job.startDate, 240);
    await strike(leaving.id, job.id, dateFromToday(-2));
    await createRating(t.db, {
      jobId: job.id,
      fromUserId: employer.id,
      toUserId: leaving.id,
      rating: 1,
      comment: "Did not come back",
    });
    const standingBefore = await t.callerAs(leaving.id).reliability.mine();
    expect(standingBefore).toMatchObject({ noShows: 1, shiftsCompleted: 1 });

    await deleteAccountOf(leaving);
    expect(await t.db.$count(deletedAccounts)).toBeGreaterThan(0);

    // The same address, as people retype it.
    const again = await signUp(t, { name: "New Name", email: `  ${leaving.email.toUpperCase()}`.trim() });
    expect(again.id).not.toBe(leaving.id);
    const me = t.callerAs(again.id);
    expect(await me.reliability.mine()).toMatchObject({
      noShows: 1,
      shiftsCompleted: 1,
      activeStrikes: standingBefore.activeStrikes,
    });
    expect(await me.ratings.summary({ userId: again.id })).toEqual({ average: 1, count: 1 });
    expect(await t.db.$count(jobApplications, eq(jobApplications.workerId, again.id))).toBe(1);
    // The address hash is used up, and the emptied stand-in is gone.
    const hash = standingKey(t.config.authSecret).email(leaving.email);
    expect(await t.db.$count(deletedAccounts, eq(deletedAccounts.emailHash, hash))).toBe(0);
    expect(
      await t.db.$count(
        profiles,
        sql`${profiles.deletedAt} is not null and ${profiles.id} in (select ${ratings.toUserId} from ${ratings} where ${ratings.jobId} = ${job.id})`,
      ),
    ).toBe(0);
  });

  it("inherits them too when a new address gives the deleted account's phone at onboarding", async () => {
    const employer = await createEmployer(t.db);
    const leaving = await person("Phone Worker", "+7 (911) 666-66-66");
    const job = await createJob(t.db, employer.id, { startDate: dateFromToday(-3) });
    await createAcceptedApplication(t.db, job.id, leaving.id);
    await strike(leaving.id, job.id, dateFromToday(-3));
    await deleteAccountOf(leaving);

    const again = await signUp(t, { name: "Phone Again" });
    expect(await t.callerAs(again.id).reliability.mine()).toMatchObject({ noShows: 0 });
    const caller = await t.callerWithHeaders({ cookie: again.cookie });
    await caller.profiles.completeOnboarding({ userType: "worker", fullName: "Phone Again", phone: "79116666666" });
    expect(await t.callerAs(again.id).reliability.mine()).toMatchObject({ noShows: 1 });
  });

  it("inherits nothing with another address, or after the retention period", async () => {
    const employer = await createEmployer(t.db);
    const leaving = await person("Old Worker", "+7 911 555-55-55");
    const job = await createJob(t.db, employer.id, { startDate: dateFromToday(-3) });
    await createAcceptedApplication(t.db, job.id, leaving.id);
    await strike(leaving.id, job.id, dateFromToday(-3));
    await deleteAccountOf(leaving);

    const stranger = await signUp(t, { name: "Stranger" });
    expect(await t.callerAs(stranger.id).reliability.mine()).toMatchObject({ noShows: 0 });

    await t.db.update(deletedAccounts).set({ retainUntil: new Date(Date.now() - 1000) });
    const late = await signUp(t, { name: "Late Return", email: leaving.email });
    expect(await t.callerAs(late.id).reliability.mine()).toMatchObject({ noShows: 0 });
    expect(await t.db.$count(deletedAccounts)).toBe(0);
    // The strike stays with the anonymous stand-in: the employer's record is untouched.
    expect(await t.db.$count(reliabilityEvents, eq(reliabilityEvents.jobId, job.id))).toBe(1);
  });
});
