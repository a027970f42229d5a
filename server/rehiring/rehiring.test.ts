import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createAcceptedApplication } from "../../db/factories/hiring.ts";
import { createApplication, createJob } from "../../db/factories/jobs.ts";
import { createSavedSearch } from "../../db/factories/saved-searches.ts";
import { createEmployer, createWorker } from "../../db/factories/users.ts";
import {
  conversationParticipants,
  conversations,
  employerFollows,
  favouriteWorkers,
  jobApplications,
  jobInvitations,
  jobs,
  notifications,
} from "../../db/schema/index.ts";
import { ERR } from "../../domain/errors.ts";
import { REHIRING_LIMITS } from "../../domain/rehiring.ts";
import { validJobInput } from "../jobs/job-test-kit.ts";
import { expectRefusal } from "../testing/refusal.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MISSING_JOB = "00000000-0000-4000-8000-000000000000";

async function noticesOf(userId: string) {
  return t.db
    .select({ kind: notifications.kind, payload: notifications.payload })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(notifications.createdAt);
}

async function invitationRow(id: string) {
  const [row] = await t.db.select().from(jobInvitations).where(eq(jobInvitations.id, id));
  return row;
}

async function applicationOf(jobId: string, workerId: string) {
  const [row] = await t.db
    .select()
    .from(jobApplications)
    .where(and(eq(jobApplications.jobId, jobId), eq(jobApplications.workerId, workerId)));
  return row;
}

describe("favourites", () => {
  it("are marked and unmarked by an employer, listed latest first, and private to them", async () => {
    const owner = await createEmployer(t.db);
    const [anna, boris] = [
      await createWorker(t.db, { fullName: "Anna Fav" }),
      await createWorker(t.db, { fullName: "Boris Fav" }),
    ];
    const job = await createJob(t.db, owner.id, { status: "completed" });
    await createAcceptedApplication(t.db, job.id, anna.id);
    const me = t.callerAs(owner.id);
    expect(await me.rehiring.favourite({ workerId: anna.id })).toEqual({ workerId: anna.id, favourite: true });
    // Marking twice answers the same and keeps one row.
    await me.rehiring.favourite({ workerId: anna.id });
    await me.rehiring.favourite({ workerId: boris.id });
    const list = await me.rehiring.favourites({});
    expect(list.items.map((f) => [f.fullName, f.hiredTimes])).toEqual([
      ["Boris Fav", 0],
      ["Anna Fav", 1],
    ]);
    expect(list.nextCursor).toBeNull();
    expect(await me.rehiring.personLinks({ personId: anna.id })).toMatchObject({ favourite: true, following: null });

    // Nobody else sees them, neither in lists nor on the profile.
    const stranger = await createEmployer(t.db);
    expect((await t.callerAs(stranger.id).rehiring.favourites({})).items).toEqual([]);
    expect(await t.callerAs(stranger.id).rehiring.personLinks({ personId: anna.id })).toMatchObject({ favourite: false });
    expect(await t.callerAs(null).rehiring.personLinks({ personId: anna.id })).toEqual({
      followers: null,
      following: null,
      favourite: null,
    });

    await me.rehiring.unfavourite({ workerId: anna.id });
    expect((await me.rehiring.favourites({})).items.map((f) => f.workerId)).toEqual([boris.id]);
  });

  it("refuses an employer account, oneself, an unknown person, and past the limit", async () => {
    const owner = await createEmployer(t.db);
    const me = t.callerAs(owner.id);
    await expectRefusal(
      me.rehiring.favourite({ workerId: (await createEmployer(t.db)).id }),
      "BAD_REQUEST",
      ERR.favouriteNotWorker,
    );
    await expectRefusal(me.rehiring.favourite({ workerId: owner.id }), "BAD_REQUEST", ERR.favouriteNotWorker);
    await expectRefusal(me.rehiring.favourite({ workerId: "no-such-person" }), "NOT_FOUND", ERR.notFound);
    await expectRefusal(t.callerAs(null).rehiring.favourite({ workerId: owner.id }), "UNAUTHORIZED", ERR.unauthorized);

    const filler = [];
    for (let i = 0; i < REHIRING_LIMITS.favourites; i++) filler.push(await createWorker(t.db));
    await t.db.insert(favouriteWorkers).values(filler.map((w) => ({ employerId: owner.id, workerId: w.id })));
    await expectRefusal(me.rehiring.favourite({ workerId: (await createWorker(t.db)).id }), "BAD_REQUEST", ERR.favouriteLimit);
    // One already marked is still answered.
    const [first] = filler;
    if (first) expect(await me.rehiring.favourite({ workerId: first.id })).toMatchObject({ favourite: true });
    const pages = await me.rehiring.favourites({ cursor: 1 });
    expect(pages.items).toHaveLength(20);
    expect(pages.nextCursor).toBe(2);
  }, 60_000);
});

describe("following employers", () => {
  it("tells followers of a new job at once and shows it on their home list; counts followers", async () => {
    const employer = await createEmployer(t.db, { fullName: "Elena Follow", companyName: "Follow Co" });
    const [fan, other] = [await createWorker(t.db), await createWorker(t.db)];
    const fanCaller = t.callerAs(fan.id);
    expect(await fanCaller.rehiring.follow({ employerId: employer.id })).toEqual({ employerId: employer.id, following: true });
    await fanCaller.rehiring.follow({ employerId: employer.id });
    expect(await fanCaller.rehiring.personLinks({ personId: employer.id })).toEqual({
      followers: 1,
      following: true,
      favourite: null,
    });

    const posted = await t.callerAs(employer.id).jobs.create(validJobInput({ title: "Night shift loader" }));
    await t.runBackground();
    expect(await noticesOf(fan.id)).toEqual([
      {
        kind: "followed_employer_job",
        payload: { kind: "followed_employer_job", jobId: posted.id, jobTitle: "Night shift loader", employerName: "Follow Co" },
      },
    ]);
    expect(await noticesOf(other.id)).toEqual([]);
    // A retried run tells nobody twice.
    await t.runBackground();
    expect(await noticesOf(fan.id)).toHaveLength(1);

    expect((await fanCaller.rehiring.followedJobs()).map((j) => j.id)).toEqual([posted.id]);
    expect(await t.callerAs(other.id).rehiring.followedJobs()).toEqual([]);

    await fanCaller.rehiring.unfollow({ employerId: employer.id });
    expect(await fanCaller.rehiring.followedJobs()).toEqual([]);
    expect(await t.callerAs(null).rehiring.personLinks({ personId: employer.id })).toMatchObject({ followers: 0 });
  });

  it("refuses a worker account, oneself, a hidden profile, and past the limit", async () => {
    const fan = await createWorker(t.db);
    const me = t.callerAs(fan.id);
    await expectRefusal(me.rehiring.follow({ employerId: (await createWorker(t.db)).id }), "BAD_REQUEST", ERR.followNotEmployer);
    await expectRefusal(me.rehiring.follow({ employerId: fan.id }), "BAD_REQUEST", ERR.followNotEmployer);
    const hidden = await createEmployer(t.db, { privacyProfileVisible: false });
    await expectRefusal(me.rehiring.follow({ employerId: hidden.id }), "NOT_FOUND", ERR.notFound);
    await expectRefusal(t.callerAs(null).rehiring.followedJobs(), "UNAUTHORIZED", ERR.unauthorized);

    const filler = [];
    for (let i = 0; i < REHIRING_LIMITS.follows; i++) filler.push(await createEmployer(t.db));
    await t.db.insert(employerFollows).values(filler.map((e) => ({ followerId: fan.id, employerId: e.id })));
    await expectRefusal(me.rehiring.follow({ employerId: (await createEmployer(t.db)).id }), "BAD_REQUEST", ERR.followLimit);
  }, 60_000);
});

describe("invitations", () => {
  it("an owner invites a worker, who is told, sees it and accepts: hired at once, in the group chat, the owner told", async () => {
    const owner = await createEmployer(t.db, { fullName: "Olga Invites", companyName: "Olga Farms" });
    const worker = await createWorker(t.db, { fullName: "Ivan Invited" });
    const job = await createJob(t.db, owner.id, { title: "Sort parcels", maxWorkers: 2, startTime: "07:30:00" });
    const sent = await t.callerAs(owner.id).rehiring.invite({ jobId: job.id, workerId: worker.id });
    expect(sent).toMatchObject({ status: "pending", sent: true });
    // A second tap tells nobody twice.
    expect(await t.callerAs(owner.id).rehiring.invite({ jobId: job.id, workerId: worker.id })).toEqual({ ...sent, sent: false });
    expect((await noticesOf(worker.id)).map((n) => n.payload)).toEqual([
      {
        kind: "job_invitation",
        jobId: job.id,
        jobTitle: "Sort parcels",
        employerName: "Olga Farms",
        // Its terms, as a hire's notice carries them: the mail lists the start and the rate.
        startDate: job.startDate,
        startTime: "07:30",
        hourlyRate: 500,
        currency: "RUB",
      },
    ]);

    const me = t.callerAs(worker.id);
    expect((await me.rehiring.mine()).map((i) => [i.id, i.title])).toEqual([[sent.id, "Sort parcels"]]);
    expect(await me.rehiring.forJob({ jobId: job.id })).toMatchObject({ id: sent.id });
    const ofJob = await t.callerAs(owner.id).rehiring.ofJob({ jobId: job.id });
    expect(ofJob.invitations.map((i) => [i.workerName, i.status])).toEqual([["Ivan Invited", "pending"]]);

    const accepted = await me.rehiring.accept({ invitationId: sent.id });
    expect(accepted).toMatchObject({ status: "accepted", jobId: job.id });
    expect(await applicationOf(job.id, worker.id)).toMatchObject({ status: "accepted", days: null });
    const [row] = await t.db.select({ acceptedCount: jobs.acceptedCount }).from(jobs).where(eq(jobs.id, job.id));
    expect(row?.acceptedCount).toBe(1);
    const members = await t.db
      .select({ userId: conversationParticipants.userId })
      .from(conversationParticipants)
      .innerJoin(conversations, eq(conversations.id, conversationParticipants.conversationId))
      .where(and(eq(conversations.jobId, job.id), eq(conversations.kind, "group")));
    expect(members.map((m) => m.userId).sort()).toEqual([owner.id, worker.id].sort());
    expect((await noticesOf(owner.id)).map((n) => n.payload)).toEqual([
      { kind: "invitation_accepted", jobId: job.id, jobTitle: "Sort parcels", workerName: "Ivan Invited" },
    ]);
    expect(await me.rehiring.mine()).toEqual([]);
    expect(await me.rehiring.forJob({ jobId: job.id })).toBeNull();
    expect((await t.callerAs(owner.id).rehiring.ofJob({ jobId: job.id })).hired.map((h) => h.workerId)).toEqual([worker.id]);

    // Answered: no second answer, no re-invite of a hired worker.
    await expectRefusal(me.rehiring.accept({ invitationId: sent.id }), "CONFLICT", ERR.invitationNotPending);
    await expectRefusal(
      t.callerAs(owner.id).rehiring.invite({ jobId: job.id, workerId: worker.id }),
      "CONFLICT",
      ERR.alreadyHired,
    );
  });

  it("hires a worker whose own application was pending or rejected", async () => {
    const owner = await createEmployer(t.db);
    const job = await createJob(t.db, owner.id, { maxWorkers: 3 });
    for (const status of ["pending", "rejected"] as const) {
      const worker = await createWorker(t.db);
      await createApplication(t.db, job.id, worker.id, { status });
      const sent = await t.callerAs(owner.id).rehiring.invite({ jobId: job.id, workerId: worker.id });
      await t.callerAs(worker.id).rehiring.accept({ invitationId: sent.id });
      expect(await applicationOf(job.id, worker.id)).toMatchObject({ status: "accepted" });
    }
  });

  it("refuses an accept when the positions are filled or the job stopped hiring, leaving it pending", async () => {
    const owner = await createEmployer(t.db);
    const job = await createJob(t.db, owner.id, { maxWorkers: 1 });
    const worker = await createWorker(t.db);
    const sent = await t.callerAs(owner.id).rehiring.invite({ jobId: job.id, workerId: worker.id });
    await createAcceptedApplication(t.db, job.id, (await createWorker(t.db)).id);
    await expectRefusal(t.callerAs(worker.id).rehiring.accept({ invitationId: sent.id }), "CONFLICT", ERR.positionsFilled);
    expect(await invitationRow(sent.id)).toMatchObject({ status: "pending" });
    expect(await applicationOf(job.id, worker.id)).toBeUndefined();

    const other = await createJob(t.db, owner.id);
    const second = await t.callerAs(owner.id).rehiring.invite({ jobId: other.id, workerId: worker.id });
    await t.callerAs(owner.id).jobs.changeStatus({ jobId: other.id, action: "cancel" });
    await expectRefusal(t.callerAs(worker.id).rehiring.accept({ invitationId: second.id }), "CONFLICT", ERR.jobNotHiring);
    // And it no longer shows as answerable.
    expect((await t.callerAs(worker.id).rehiring.mine()).map((i) => i.id)).toEqual([sent.id]);
    await expectRefusal(
      t.callerAs(owner.id).rehiring.invite({ jobId: other.id, workerId: worker.id }),
      "CONFLICT",
      ERR.jobNotHiring,
    );
  });

  it("declines: the owner is told, and the worker cannot be invited to that job again", async () => {
    const owner = await createEmployer(t.db);
    const worker = await createWorker(t.db, { fullName: "Dina Declines" });
    const job = await createJob(t.db, owner.id, { title: "Paint fence" });
    const sent = await t.callerAs(owner.id).rehiring.invite({ jobId: job.id, workerId: worker.id });
    expect(await t.callerAs(worker.id).rehiring.decline({ invitationId: sent.id })).toMatchObject({ status: "declined" });
    expect((await noticesOf(owner.id)).map((n) => n.payload)).toEqual([
      { kind: "invitation_declined", jobId: job.id, jobTitle: "Paint fence", workerName: "Dina Declines" },
    ]);
    await expectRefusal(
      t.callerAs(owner.id).rehiring.invite({ jobId: job.id, workerId: worker.id }),
      "CONFLICT",
      ERR.invitationDeclinedBefore,
    );
  });

  it("the owner cancels a pending invitation, and may send it again", async () => {
    const owner = await createEmployer(t.db);
    const worker = await createWorker(t.db);
    const job = await createJob(t.db, owner.id);
    const sent = await t.callerAs(owner.id).rehiring.invite({ jobId: job.id, workerId: worker.id });
    expect(await t.callerAs(owner.id).rehiring.cancel({ invitationId: sent.id })).toEqual({ id: sent.id, status: "cancelled" });
    await expectRefusal(t.callerAs(worker.id).rehiring.accept({ invitationId: sent.id }), "CONFLICT", ERR.invitationNotPending);
    await expectRefusal(t.callerAs(owner.id).rehiring.cancel({ invitationId: sent.id }), "CONFLICT", ERR.invitationNotPending);
    const again = await t.callerAs(owner.id).rehiring.invite({ jobId: job.id, workerId: worker.id });
    expect(again).toMatchObject({ id: sent.id, status: "pending", sent: true });
    // The notice was renewed, not doubled.
    expect(await noticesOf(worker.id)).toHaveLength(1);
  });

  it("exactly one of a racing accept and cancel wins", async () => {
    for (let round = 0; round < 5; round++) {
      const owner = await createEmployer(t.db);
      const worker = await createWorker(t.db);
      const job = await createJob(t.db, owner.id);
      const sent = await t.callerAs(owner.id).rehiring.invite({ jobId: job.id, workerId: worker.id });
      const [accept, cancel] = await Promise.allSettled([
        t.callerAs(worker.id).rehiring.accept({ invitationId: sent.id }),
        t.callerAs(owner.id).rehiring.cancel({ invitationId: sent.id }),
      ]);
      expect([accept.status, cancel.status].filter((s) => s === "fulfilled")).toHaveLength(1);
      const loser = accept.status === "rejected" ? accept : cancel;
      expect(loser).toMatchObject({ status: "rejected", reason: { code: "CONFLICT", message: ERR.invitationNotPending } });
      const row = await invitationRow(sent.id);
      const application = await applicationOf(job.id, worker.id);
      if (accept.status === "fulfilled") {
        expect(row?.status).toBe("accepted");
        expect(application?.status).toBe("accepted");
      } else {
        expect(row?.status).toBe("cancelled");
        expect(application).toBeUndefined();
      }
    }
  });

  it("refuses inviting to another's job, a finished job, an employer, oneself; and past the pending limit", async () => {
    const owner = await createEmployer(t.db);
    const worker = await createWorker(t.db);
    const job = await createJob(t.db, owner.id);
    const stranger = await createEmployer(t.db);
    await expectRefusal(
      t.callerAs(stranger.id).rehiring.invite({ jobId: job.id, workerId: worker.id }),
      "NOT_FOUND",
      ERR.jobNotFound,
    );
    await expectRefusal(
      t.callerAs(owner.id).rehiring.invite({ jobId: MISSING_JOB, workerId: worker.id }),
      "NOT_FOUND",
      ERR.jobNotFound,
    );
    const done = await createJob(t.db, owner.id, { status: "completed" });
    await expectRefusal(
      t.callerAs(owner.id).rehiring.invite({ jobId: done.id, workerId: worker.id }),
      "CONFLICT",
      ERR.jobNotHiring,
    );
    await expectRefusal(
      t.callerAs(owner.id).rehiring.invite({ jobId: job.id, workerId: stranger.id }),
      "BAD_REQUEST",
      ERR.inviteNotWorker,
    );
    await expectRefusal(
      t.callerAs(owner.id).rehiring.invite({ jobId: job.id, workerId: owner.id }),
      "BAD_REQUEST",
      ERR.inviteNotWorker,
    );

    const crowd = await createJob(t.db, owner.id);
    for (let i = 0; i < REHIRING_LIMITS.pendingInvitationsPerJob; i++) {
      await t.db.insert(jobInvitations).values({ jobId: crowd.id, workerId: (await createWorker(t.db)).id });
    }
    await expectRefusal(
      t.callerAs(owner.id).rehiring.invite({ jobId: crowd.id, workerId: worker.id }),
      "TOO_MANY_REQUESTS",
      ERR.invitationLimit,
    );
  }, 60_000);

  it("is answered only by its worker and cancelled only by its job's owner; their lists are their own", async () => {
    const owner = await createEmployer(t.db);
    const worker = await createWorker(t.db);
    const job = await createJob(t.db, owner.id);
    const sent = await t.callerAs(owner.id).rehiring.invite({ jobId: job.id, workerId: worker.id });
    const strangers = [await createWorker(t.db), await createEmployer(t.db)];
    for (const s of [...strangers, owner]) {
      await expectRefusal(t.callerAs(s.id).rehiring.accept({ invitationId: sent.id }), "NOT_FOUND", ERR.invitationNotFound);
      await expectRefusal(t.callerAs(s.id).rehiring.decline({ invitationId: sent.id }), "NOT_FOUND", ERR.invitationNotFound);
      expect(await t.callerAs(s.id).rehiring.forJob({ jobId: job.id })).toBeNull();
      expect(await t.callerAs(s.id).rehiring.mine()).toEqual([]);
    }
    for (const s of [...strangers, worker]) {
      await expectRefusal(t.callerAs(s.id).rehiring.cancel({ invitationId: sent.id }), "NOT_FOUND", ERR.invitationNotFound);
      await expectRefusal(t.callerAs(s.id).rehiring.ofJob({ jobId: job.id }), "NOT_FOUND", ERR.jobNotFound);
      expect(await t.callerAs(s.id).rehiring.inviteJobs({ workerId: worker.id })).toEqual([]);
    }
    expect((await t.callerAs(owner.id).rehiring.inviteJobs({ workerId: worker.id })).map((j) => [j.id, j.invitation])).toEqual([
      [job.id, "pending"],
    ]);
    for (const call of [
      t.callerAs(null).rehiring.accept({ invitationId: sent.id }),
      t.callerAs(null).rehiring.cancel({ invitationId: sent.id }),
      t.callerAs(null).rehiring.invite({ jobId: job.id, workerId: worker.id }),
      t.callerAs(null).rehiring.mine(),
    ]) {
      await expectRefusal(call, "UNAUTHORIZED", ERR.unauthorized);
    }
    expect(await invitationRow(sent.id)).toMatchObject({ status: "pending" });
  });
});

describe("post again", () => {
  it("copies a past job's fields with its hired workers, and posts it with them invited in one go", async () => {
    const owner = await createEmployer(t.db, { fullName: "Pia Again" });
    const past = await createJob(t.db, owner.id, {
      title: "Harvest apples",
      status: "completed",
      maxWorkers: 3,
      skills: ["ladders"],
      startTime: "08:30",
    });
    const [kim, lev] = [await createWorker(t.db, { fullName: "Kim Hired" }), await createWorker(t.db, { fullName: "Lev Hired" })];
    await createAcceptedApplication(t.db, past.id, kim.id);
    await createAcceptedApplication(t.db, past.id, lev.id);
    await createApplication(t.db, past.id, (await createWorker(t.db)).id);

    const me = t.callerAs(owner.id);
    const copy = await me.rehiring.pastJob({ jobId: past.id });
    expect(copy.job).toMatchObject({ title: "Harvest apples", maxWorkers: 3, skills: ["ladders"], startTime: "08:30:00" });
    expect(copy.hired.map((h) => h.fullName)).toEqual(["Kim Hired", "Lev Hired"]);

    const posted = await me.rehiring.postAgain({
      copiedFromId: past.id,
      job: validJobInput({ title: copy.job.title, maxWorkers: copy.job.maxWorkers }),
      inviteWorkerIds: [kim.id],
    });
    expect(posted.invited).toEqual([kim.id]);
    const [row] = await t.db.select().from(jobs).where(eq(jobs.id, posted.id));
    expect(row).toMatchObject({ copiedFromId: past.id, status: "open", title: "Harvest apples", employerId: owner.id });
    expect((await noticesOf(kim.id)).map((n) => n.kind)).toEqual(["job_invitation"]);
    expect(await noticesOf(lev.id)).toEqual([]);

    // Kim accepts from the notice: hired on the new job.
    const invitation = await t.callerAs(kim.id).rehiring.forJob({ jobId: posted.id });
    if (!invitation) throw new Error("no invitation");
    // The job page shows the invitation, not an apply form; once accepted, a hire by invitation.
    expect(await t.callerAs(kim.id).applications.mine({ jobId: posted.id })).toMatchObject({
      status: "none",
      invitation: "pending",
    });
    await t.callerAs(kim.id).rehiring.accept({ invitationId: invitation.id });
    expect(await applicationOf(posted.id, kim.id)).toMatchObject({ status: "accepted" });
    expect(await t.callerAs(kim.id).applications.mine({ jobId: posted.id })).toMatchObject({
      status: "accepted",
      invitation: "accepted",
    });
    expect(await t.callerAs(lev.id).applications.mine({ jobId: posted.id })).toMatchObject({ status: "none", invitation: null });
  });

  it("tells an invited worker by the invitation alone: no saved-search alert or follower's notice of the same job", async () => {
    const owner = await createEmployer(t.db, { fullName: "Ola Once", companyName: "Once Co" });
    const past = await createJob(t.db, owner.id, { title: "Stack chairs", status: "completed", category: "moving" });
    const [invited, bystander] = [await createWorker(t.db), await createWorker(t.db)];
    await createAcceptedApplication(t.db, past.id, invited.id);
    for (const worker of [invited, bystander]) {
      await createSavedSearch(t.db, worker.id, { category: "moving" });
      await t.callerAs(worker.id).rehiring.follow({ employerId: owner.id });
    }

    const posted = await t.callerAs(owner.id).rehiring.postAgain({
      copiedFromId: past.id,
      job: validJobInput({ title: "Stack chairs", category: "moving" }),
      inviteWorkerIds: [invited.id],
    });
    await t.runBackground();
    // Only the notices about this job (earlier tests' jobs may match the saved searches too).
    const aboutIt = async (userId: string) =>
      (await noticesOf(userId)).filter((n) => (n.payload as { jobId?: string }).jobId === posted.id).map((n) => n.kind);
    expect(await aboutIt(invited.id)).toEqual(["job_invitation"]);
    // Someone not invited is told as before, by the follow and the saved search.
    expect((await aboutIt(bystander.id)).sort()).toEqual(["followed_employer_job", "saved_search_match"]);
    expect(posted.invited).toEqual([invited.id]);
  });

  it("only from the owner's own past job; nothing is written when refused", async () => {
    const owner = await createEmployer(t.db);
    const open = await createJob(t.db, owner.id);
    const past = await createJob(t.db, owner.id, { status: "cancelled" });
    const stranger = await createEmployer(t.db);
    const before = await t.db.$count(jobs);
    await expectRefusal(t.callerAs(owner.id).rehiring.pastJob({ jobId: open.id }), "NOT_FOUND", ERR.postAgainNotFound);
    await expectRefusal(t.callerAs(stranger.id).rehiring.pastJob({ jobId: past.id }), "NOT_FOUND", ERR.postAgainNotFound);
    for (const [who, from] of [
      [owner.id, open.id],
      [stranger.id, past.id],
    ] as const) {
      await expectRefusal(
        t.callerAs(who).rehiring.postAgain({ copiedFromId: from, job: validJobInput(), inviteWorkerIds: [] }),
        "NOT_FOUND",
        ERR.postAgainNotFound,
      );
    }
    const unverified = await createEmployer(t.db, { emailVerified: false });
    await expectRefusal(
      t.callerAs(unverified.id).rehiring.postAgain({ copiedFromId: past.id, job: validJobInput(), inviteWorkerIds: [] }),
      "FORBIDDEN",
      ERR.emailUnverified,
    );
    expect(await t.db.$count(jobs)).toBe(before);
  });
});
