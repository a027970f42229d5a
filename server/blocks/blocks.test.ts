import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createChatMessage, createDirectConversation } from "../../db/factories/chat.ts";
import { createAcceptedApplication } from "../../db/factories/hiring.ts";
import { createApplication, createJob } from "../../db/factories/jobs.ts";
import { createEmployer, createWorker } from "../../db/factories/users.ts";
import { employerFollows, jobApplications, jobInvitations, notifications, personBlocks } from "../../db/schema/index.ts";
import { ERR } from "../../domain/errors.ts";
import { LIMITS } from "../../domain/limits.ts";
import { joinGroupChat } from "../chat/group-membership.ts";
import { validJobInput } from "../jobs/job-test-kit.ts";
import { tellFollowers } from "../rehiring/tell-followers.ts";
import { expectRefusal, refusal } from "../testing/refusal.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MISSING_PERSON = "nobody-by-this-id-00000000000000";

/**
 * An employer with an open job and a worker, one of whom blocks the other: every rule below is tried
 * as the blocked person and as the blocker, for each direction of the block.
 */
const DIRECTIONS = [
  { name: "the employer blocked the worker", blocker: "employer" },
  { name: "the worker blocked the employer", blocker: "worker" },
] as const;

async function pair(blocker: "employer" | "worker") {
  const employer = await createEmployer(t.db, { fullName: "Erin Employer" });
  const worker = await createWorker(t.db, { fullName: "Wade Worker" });
  const job = await createJob(t.db, employer.id, { title: "Paint the fence", maxWorkers: 3 });
  const [by, of] = blocker === "employer" ? [employer.id, worker.id] : [worker.id, employer.id];
  await t.callerAs(by).blocks.block({ personId: of });
  return { employer, worker, job };
}

describe("blocks.block, list and unblock", () => {
  it("keeps one row per pair and direction, lists the caller's own only, and lifts only the caller's own", async () => {
    const ann = await createWorker(t.db, { fullName: "Ann Blocker" });
    const bob = await createEmployer(t.db, { fullName: "Bob Blocked" });
    const cid = await createWorker(t.db, { fullName: "Cid Blocked" });
    const me = t.callerAs(ann.id);
    expect(await me.blocks.block({ personId: bob.id })).toEqual({ personId: bob.id, blocked: true });
    // Blocking again answers the same and keeps one row.
    await me.blocks.block({ personId: bob.id });
    await me.blocks.block({ personId: cid.id });
    expect((await me.blocks.list()).map((b) => b.fullName).sort()).toEqual(["Bob Blocked", "Cid Blocked"]);
    // The other direction is a row of its own.
    await t.callerAs(bob.id).blocks.block({ personId: ann.id });
    const [rows] = await t.db.select({ n: count() }).from(personBlocks).where(eq(personBlocks.blockedId, bob.id));
    expect(rows?.n).toBe(1);

    // Bob sees his own block only, never Ann's of him.
    expect((await t.callerAs(bob.id).blocks.list()).map((b) => b.personId)).toEqual([ann.id]);
    expect(await t.callerAs(cid.id).blocks.list()).toEqual([]);

    // Bob's unblock lifts his block, not Ann's.
    await t.callerAs(bob.id).blocks.unblock({ personId: ann.id });
    expect(await t.callerAs(bob.id).blocks.list()).toEqual([]);
    expect((await me.blocks.list()).map((b) => b.personId)).toContain(bob.id);
    expect(await me.blocks.unblock({ personId: bob.id })).toEqual({ personId: bob.id, blocked: false });
    // Unblocking again answers the same.
    await me.blocks.unblock({ personId: bob.id });
    expect((await me.blocks.list()).map((b) => b.personId)).toEqual([cid.id]);
  });

  it("refuses oneself and a missing person alike, as not found", async () => {
    const ann = await createWorker(t.db);
    await expectRefusal(t.callerAs(ann.id).blocks.block({ personId: ann.id }), "NOT_FOUND", ERR.notFound);
    await expectRefusal(t.callerAs(ann.id).blocks.block({ personId: MISSING_PERSON }), "NOT_FOUND", ERR.notFound);
  });

  it("holds at most LIMITS.blocks, with a translated refusal past it", async () => {
    const ann = await createWorker(t.db);
    const others = await Promise.all(Array.from({ length: 2 }, () => createWorker(t.db)));
    const filler = [];
    for (let i = 0; i < LIMITS.blocks - 1; i++) filler.push(await createWorker(t.db, { fullName: `Filler ${i}` }));
    await t.db.insert(personBlocks).values(filler.map((f) => ({ blockerId: ann.id, blockedId: f.id })));
    const [first, second] = others;
    if (!first || !second) throw new Error("people were not created");
    await t.callerAs(ann.id).blocks.block({ personId: first.id });
    await expectRefusal(t.callerAs(ann.id).blocks.block({ personId: second.id }), "BAD_REQUEST", ERR.blockLimit);
    expect(await t.callerAs(ann.id).blocks.list()).toHaveLength(LIMITS.blocks);
  }, 60_000);
});

describe.each(DIRECTIONS)("while $name", ({ blocker }) => {
  it("neither can message the other: the private conversation stays readable, its composer closed", async () => {
    const { employer, worker, job } = await pair(blocker);
    const direct = await createDirectConversation(t.db, job.id, worker.id, employer.id);
    await createChatMessage(t.db, direct, worker.id, { content: "Before the block" });
    for (const who of [worker.id, employer.id]) {
      const me = t.callerAs(who);
      await expectRefusal(me.chat.send({ conversationId: direct, content: "Hello?" }), "FORBIDDEN", ERR.cannotMessage);
      const view = await me.chat.conversation({ conversationId: direct });
      expect(view.canMessage).toBe(false);
      const history = await me.chat.history({ conversationId: direct });
      expect(history.messages.map((msg) => msg.content)).toEqual(["Before the block"]);
    }
    // A first message about another of the employer's jobs is refused the same way.
    const other = await createJob(t.db, employer.id, { title: "Mow the lawn" });
    await expectRefusal(
      t.callerAs(worker.id).chat.contactEmployer({ jobId: other.id, content: "Is it still open?" }),
      "FORBIDDEN",
      ERR.cannotMessage,
    );
  });

  it("the group chat of a job both are hired on goes on", async () => {
    const { employer, worker, job } = await pair(blocker);
    await createAcceptedApplication(t.db, job.id, worker.id);
    const group = await t.db.transaction((tx) => joinGroupChat(tx, job.id, [employer.id, worker.id]));
    for (const who of [worker.id, employer.id]) {
      const me = t.callerAs(who);
      expect((await me.chat.conversation({ conversationId: group })).canMessage).toBe(true);
      await me.chat.send({ conversationId: group, content: "Work goes on" });
    }
  });

  it("no application by the worker to the employer's jobs, answered as a job that stopped taking them", async () => {
    const { worker, job } = await pair(blocker);
    const answer = await refusal(t.callerAs(worker.id).applications.submit({ jobId: job.id }));
    expect(answer).toEqual({ code: "CONFLICT", key: ERR.jobNotOpen });
    const rows = await t.db.select().from(jobApplications).where(eq(jobApplications.workerId, worker.id));
    expect(rows).toEqual([]);
  });

  it("no hiring of an application made before the block", async () => {
    const employer = await createEmployer(t.db);
    const worker = await createWorker(t.db);
    const job = await createJob(t.db, employer.id);
    const application = await createApplication(t.db, job.id, worker.id);
    const [by, of] = blocker === "employer" ? [employer.id, worker.id] : [worker.id, employer.id];
    await t.callerAs(by).blocks.block({ personId: of });
    await expectRefusal(
      t.callerAs(employer.id).applications.accept({ applicationId: application.id }),
      "CONFLICT",
      ERR.personUnavailable,
    );
    const [row] = await t.db.select().from(jobApplications).where(eq(jobApplications.id, application.id));
    expect(row?.status).toBe("pending");
  });

  it("no invitation: none can be sent, and those waiting are cancelled with the block", async () => {
    const employer = await createEmployer(t.db);
    const worker = await createWorker(t.db);
    const job = await createJob(t.db, employer.id);
    const waiting = await t.callerAs(employer.id).rehiring.invite({ jobId: job.id, workerId: worker.id });
    const [by, of] = blocker === "employer" ? [employer.id, worker.id] : [worker.id, employer.id];
    await t.callerAs(by).blocks.block({ personId: of });
    const [row] = await t.db.select().from(jobInvitations).where(eq(jobInvitations.id, waiting.id));
    expect(row?.status).toBe("cancelled");
    // Accepting it reads like any invitation the owner withdrew.
    await expectRefusal(
      t.callerAs(worker.id).rehiring.accept({ invitationId: waiting.id }),
      "CONFLICT",
      ERR.invitationNotPending,
    );
    const another = await createJob(t.db, employer.id, { title: "Another job" });
    await expectRefusal(
      t.callerAs(employer.id).rehiring.invite({ jobId: another.id, workerId: worker.id }),
      "CONFLICT",
      ERR.personUnavailable,
    );
    await expectRefusal(
      t.callerAs(employer.id).rehiring.invite({ jobId: job.id, workerId: worker.id }),
      "CONFLICT",
      ERR.personUnavailable,
    );
  });

  it("no hiring by an invitation that got through before the block", async () => {
    const employer = await createEmployer(t.db);
    const worker = await createWorker(t.db);
    const job = await createJob(t.db, employer.id);
    const invitation = await t.callerAs(employer.id).rehiring.invite({ jobId: job.id, workerId: worker.id });
    // The block's row written by another way than blocks.block (a race with the invite): the hire still checks.
    const [by, of] = blocker === "employer" ? [employer.id, worker.id] : [worker.id, employer.id];
    await t.db.insert(personBlocks).values({ blockerId: by, blockedId: of });
    await expectRefusal(
      t.callerAs(worker.id).rehiring.accept({ invitationId: invitation.id }),
      "CONFLICT",
      ERR.personUnavailable,
    );
    const rows = await t.db
      .select()
      .from(jobApplications)
      .where(and(eq(jobApplications.jobId, job.id), eq(jobApplications.workerId, worker.id)));
    expect(rows).toEqual([]);
  });

  it("'post again' leaves the worker out of its invitations", async () => {
    const { employer, worker } = await pair(blocker);
    const past = await createJob(t.db, employer.id, { status: "completed" });
    await createAcceptedApplication(t.db, past.id, worker.id);
    const posted = await t.callerAs(employer.id).rehiring.postAgain({
      copiedFromId: past.id,
      job: validJobInput(),
      inviteWorkerIds: [worker.id],
    });
    expect(posted.invited).toEqual([]);
  });

  it("a worker following the employer is not told of the employer's new jobs", async () => {
    const employer = await createEmployer(t.db);
    const worker = await createWorker(t.db);
    const bystander = await createWorker(t.db);
    await t.db.insert(employerFollows).values([
      { followerId: worker.id, employerId: employer.id },
      { followerId: bystander.id, employerId: employer.id },
    ]);
    const [by, of] = blocker === "employer" ? [employer.id, worker.id] : [worker.id, employer.id];
    await t.callerAs(by).blocks.block({ personId: of });
    const job = await createJob(t.db, employer.id);
    expect(await tellFollowers(t.db, t.services.queue, job.id)).toBe(1);
    const told = await t.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(and(eq(notifications.kind, "followed_employer_job"), eq(notifications.actorId, employer.id)));
    expect(told.map((n) => n.userId)).toEqual([bystander.id]);
  });

  it("each is hidden from the other's people search, and only from theirs", async () => {
    // A name of this test's own (the database is shared by the tests of the file).
    const family = `Quillon${blocker}`;
    const employer = await createEmployer(t.db, { fullName: `${family} Hirer` });
    const worker = await createWorker(t.db, { fullName: `${family} Hand` });
    const [by, of] = blocker === "employer" ? [employer.id, worker.id] : [worker.id, employer.id];
    await t.callerAs(by).blocks.block({ personId: of });
    const names = async (who: string | null) => (await t.callerAs(who).people.search({ q: family })).map((p) => p.fullName);
    expect(await names(employer.id)).toEqual([`${family} Hirer`]);
    expect(await names(worker.id)).toEqual([`${family} Hand`]);
    expect(await names(null)).toEqual([`${family} Hirer`, `${family} Hand`]);
  });

  it("ends with the unblock: the two message and apply again", async () => {
    const { employer, worker, job } = await pair(blocker);
    const [by, of] = blocker === "employer" ? [employer.id, worker.id] : [worker.id, employer.id];
    await t.callerAs(by).blocks.unblock({ personId: of });
    const sent = await t.callerAs(worker.id).chat.contactEmployer({ jobId: job.id, content: "Hello again" });
    expect((await t.callerAs(employer.id).chat.conversation({ conversationId: sent.conversationId })).canMessage).toBe(true);
    await t.callerAs(worker.id).applications.submit({ jobId: job.id });
  });
});

describe("what the blocked person reads", () => {
  it("never says 'blocked': the same refusals whoever blocked, and no trace in their own lists", async () => {
    const answers = [];
    for (const { blocker } of DIRECTIONS) {
      const { employer, worker, job } = await pair(blocker);
      const direct = await createDirectConversation(t.db, job.id, worker.id, employer.id);
      const blockedId = blocker === "employer" ? worker.id : employer.id;
      const blocked = t.callerAs(blockedId);
      expect(await blocked.blocks.list()).toEqual([]);
      const outcome = [
        await refusal(blocked.chat.send({ conversationId: direct, content: "Hi" })),
        await refusal(t.callerAs(worker.id).applications.submit({ jobId: job.id })),
        await refusal(t.callerAs(employer.id).rehiring.invite({ jobId: job.id, workerId: worker.id })),
      ];
      for (const answer of outcome) expect(answer.key).not.toMatch(/block/);
      answers.push(outcome);
    }
    // Whoever blocked, both sides hear the same: nothing tells the blocked person it was them.
    expect(answers[0]).toEqual(answers[1]);
  });
});

describe("account deletion", () => {
  it("removes the rows on either side", async () => {
    const ann = await createWorker(t.db);
    const bob = await createEmployer(t.db);
    await t.callerAs(ann.id).blocks.block({ personId: bob.id });
    await t.callerAs(bob.id).blocks.block({ personId: ann.id });
    expect(await t.callerAs(ann.id).privacy.deleteAccount()).toEqual({ deleted: true });
    expect(await t.db.select().from(personBlocks).where(eq(personBlocks.blockerId, ann.id))).toEqual([]);
    expect(await t.db.select().from(personBlocks).where(eq(personBlocks.blockedId, ann.id))).toEqual([]);
    expect(await t.callerAs(bob.id).blocks.list()).toEqual([]);
  });
});
