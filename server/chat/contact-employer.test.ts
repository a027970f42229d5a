import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createJob } from "../../db/factories/jobs.ts";
import { createEmployer, createWorker } from "../../db/factories/users.ts";
import { chatMessages, conversationParticipants, conversations } from "../../db/schema/index.ts";
import { ERR } from "../../domain/errors.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function setup() {
  const owner = await createEmployer(t.db, { fullName: "Elena Employer" });
  const worker = await createWorker(t.db, { fullName: "Wanda Worker" });
  const job = await createJob(t.db, owner.id, { title: "Paint a fence" });
  return { owner, worker, job };
}

describe("chat.contactEmployer", () => {
  it("opens a direct conversation with the job's owner, and the next message continues it", async () => {
    const { owner, worker, job } = await setup();
    const first = await t.callerAs(worker.id).chat.contactEmployer({ jobId: job.id, content: "  Is the paint provided?  " });
    const second = await t.callerAs(worker.id).chat.contactEmployer({ jobId: job.id, content: "And brushes?" });
    expect(second.conversationId).toBe(first.conversationId);
    const [conversation] = await t.db.select().from(conversations).where(eq(conversations.id, first.conversationId));
    expect(conversation).toMatchObject({ jobId: job.id, kind: "direct", directKey: [owner.id, worker.id].sort().join(":") });
    const members = await t.db
      .select()
      .from(conversationParticipants)
      .where(eq(conversationParticipants.conversationId, first.conversationId));
    expect(members.map((m) => m.userId).sort()).toEqual([owner.id, worker.id].sort());
    const messages = await t.db.select().from(chatMessages).where(eq(chatMessages.conversationId, first.conversationId));
    expect(messages.map((m) => m.content)).toEqual(["Is the paint provided?", "And brushes?"]);

    // The owner reads and answers it like any conversation; it is not the job's group chat.
    const view = await t.callerAs(owner.id).chat.conversation({ conversationId: first.conversationId });
    expect(view).toMatchObject({
      kind: "direct",
      jobTitle: "Paint a fence",
      participants: [{ id: owner.id, isJobOwner: true }, { id: worker.id }],
    });
    await t.callerAs(owner.id).chat.send({ conversationId: first.conversationId, content: "Yes, both." });
    await expect(t.callerAs(worker.id).chat.conversationForJob({ jobId: job.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("keeps one conversation per person and job, and a separate one for each person", async () => {
    const { owner, worker, job } = await setup();
    const other = await createWorker(t.db);
    const a = await t.callerAs(worker.id).chat.contactEmployer({ jobId: job.id, content: "Hi" });
    const b = await t.callerAs(other.id).chat.contactEmployer({ jobId: job.id, content: "Hello" });
    expect(b.conversationId).not.toBe(a.conversationId);
    // Neither sees the other's conversation.
    await expect(t.callerAs(other.id).chat.history({ conversationId: a.conversationId })).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: ERR.chatAccessDenied,
    });
    const otherJob = await createJob(t.db, owner.id);
    const c = await t.callerAs(worker.id).chat.contactEmployer({ jobId: otherJob.id, content: "About the other job" });
    expect(c.conversationId).not.toBe(a.conversationId);
  });

  it("racing first messages end up in one conversation with every message", async () => {
    const { worker, job } = await setup();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => t.callerAs(worker.id).chat.contactEmployer({ jobId: job.id, content: `race ${i}` })),
    );
    expect(new Set(results.map((r) => r.conversationId)).size).toBe(1);
    const conversationId = results[0]?.conversationId ?? "";
    expect(await t.db.$count(chatMessages, eq(chatMessages.conversationId, conversationId))).toBe(8);
    expect(await t.db.$count(conversationParticipants, eq(conversationParticipants.conversationId, conversationId))).toBe(2);
  });

  it("refuses the job's owner, an unknown job, and bad messages, writing nothing", async () => {
    const { owner, worker, job } = await setup();
    const before = await t.db.$count(chatMessages);
    await expect(t.callerAs(owner.id).chat.contactEmployer({ jobId: job.id, content: "Hi me" })).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: ERR.contactOwnJob,
    });
    await expect(
      t.callerAs(worker.id).chat.contactEmployer({ jobId: "00000000-0000-4000-8000-000000000000", content: "Hi" }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    for (const [content, key] of [
      ["", ERR.chatMessageRequired],
      ["   ", ERR.chatMessageRequired],
      ["m".repeat(2001), ERR.chatMessageTooLong],
    ] as const) {
      await expect(t.callerAs(worker.id).chat.contactEmployer({ jobId: job.id, content })).rejects.toMatchObject({
        code: "BAD_REQUEST",
        cause: { issues: [expect.objectContaining({ message: key })] },
      });
    }
    expect(await t.db.$count(chatMessages)).toBe(before);
  });

  it("refuses a signed-in person without a profile", async () => {
    const { job } = await setup();
    await expect(t.callerAs("no-profile-user").chat.contactEmployer({ jobId: job.id, content: "Hi" })).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: ERR.profileRequired,
    });
  });
});
