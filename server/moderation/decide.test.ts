import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { createChatMessage } from "../../db/factories/chat.ts";
import { createJob } from "../../db/factories/jobs.ts";
import { createWorker } from "../../db/factories/users.ts";
import {
  accountSanctions,
  appeals,
  chatMessages,
  jobHolds,
  jobs,
  moderationDecisions,
  operatorAudit,
  operators,
  reports,
} from "../../db/schema/index.ts";
import { ERR } from "../../domain/errors.ts";
import { APPEAL_WINDOW_DAYS } from "../../domain/moderation/decisions.ts";
import { chatTestbed } from "../chat/chat-test-kit.ts";
import { expectRefusal } from "../testing/refusal.ts";
import { activeSanction } from "./sanctions.ts";

const bed = chatTestbed();

async function operator(role: "moderator" | "admin", name: string) {
  const person = await createWorker(bed.t.db, { fullName: name });
  await bed.t.db.insert(operators).values({ userId: person.id, role });
  return person;
}

async function report(
  reporterId: string,
  subjectType: "job" | "message" | "profile" | "review",
  subjectId: string,
  authorId: string,
) {
  await bed.t.db.insert(reports).values({ reporterId, subjectType, subjectId, subjectUserId: authorId, reason: "harassment" });
}

async function auditOf(subjectId: string) {
  return bed.t.db
    .select({ action: operatorAudit.action, reason: operatorAudit.reason, operatorId: operatorAudit.operatorId })
    .from(operatorAudit)
    .where(eq(operatorAudit.subjectId, subjectId));
}

describe("the moderation queue (docs/decisions/074)", () => {
  it("lists reports per item, holds and appeals oldest first, with a held job's reports under its hold", async () => {
    const mod = await operator("moderator", "Queue Reader");
    const { owner, accepted, stranger } = bed.f;
    const held = await createJob(bed.t.db, owner.id, { title: "Pay a registration fee first", moderation: "held" });
    await bed.t.db
      .insert(jobHolds)
      .values({ jobId: held.id, rules: ["payment_request"], heldAt: new Date(Date.now() - 3_600_000) });
    await report(accepted.id, "job", held.id, owner.id);
    await report(accepted.id, "profile", stranger.id, stranger.id);

    const { items, total } = await bed.t.callerAs(mod.id).moderation.queue({});
    const mine = items.filter((i) => i.subjectId === held.id || i.subjectId === stranger.id);
    expect(mine.map((i) => [i.kind, i.subjectType])).toEqual([
      ["hold", "job"],
      ["report", "profile"],
    ]);
    expect(mine[0]).toMatchObject({ tags: ["payment_request"], reportCount: 1, jobTitle: "Pay a registration fee first" });
    expect(total).toBeGreaterThanOrEqual(2);
    const waited = items.map((i) => i.waitingSince.getTime());
    expect(waited).toEqual([...waited].sort((a, b) => a - b));
    expect((await bed.t.callerAs(mod.id).moderation.queue({ kind: "hold" })).items.every((i) => i.kind === "hold")).toBe(true);
  });
});

describe("decisions", () => {
  it("removes a held job: the hold is rejected, the decision can be appealed for 14 days, all of it audited", async () => {
    const mod = await operator("moderator", "Hold Decider");
    const held = await createJob(bed.t.db, bed.f.owner.id, { title: "Paid training 5000 RUB", moderation: "held" });
    await bed.t.db.insert(jobHolds).values({ jobId: held.id, rules: ["payment_request"], heldAt: new Date() });
    const as = bed.t.callerAs(mod.id);
    const item = await as.moderation.item({ subject: { type: "job", id: held.id } });
    expect(item.actions).toEqual(["approve", "remove", "restrict", "ban"]);
    expect(item.content).toMatchObject({ type: "job", held: true, hold: { rules: ["payment_request"] } });
    expect(item.author?.name).toBe("Olga Owner");

    const { decisionId } = await as.moderation.decide({
      subject: { type: "job", id: held.id },
      action: "remove",
      ground: "scam",
      note: "Asks workers to pay for training",
    });
    const [job] = await bed.t.db.select({ moderation: jobs.moderation }).from(jobs).where(eq(jobs.id, held.id));
    expect(job?.moderation).toBe("removed");
    const [hold] = await bed.t.db.select({ decision: jobHolds.decision }).from(jobHolds).where(eq(jobHolds.jobId, held.id));
    expect(hold?.decision).toBe("rejected");
    const [decision] = await bed.t.db.select().from(moderationDecisions).where(eq(moderationDecisions.id, decisionId));
    expect(decision).toMatchObject({ affectedUserId: bed.f.owner.id, action: "remove", ground: "scam", decidedBy: mod.id });
    expect(decision?.appealBy && decision.appealBy.getTime() - decision.decidedAt.getTime()).toBe(
      APPEAL_WINDOW_DAYS * 86_400_000,
    );
    expect(await auditOf(held.id)).toEqual([{ action: "decision_remove", reason: "scam", operatorId: mod.id }]);
    // Decided once: a second decision finds nothing left to remove.
    await expectRefusal(
      as.moderation.decide({ subject: { type: "job", id: held.id }, action: "remove", ground: "scam", note: "Again" }),
      "CONFLICT",
      ERR.moderationNothingToDecide,
    );
  });

  it("restricts a message's sender: the message is removed, the reports close as actioned, the sanction holds", async () => {
    const mod = await operator("moderator", "Message Decider");
    const { owner, accepted, conversationId } = bed.f;
    const message = await createChatMessage(bed.t.db, conversationId, accepted.id, { content: "You will regret this" });
    await report(owner.id, "message", String(message.id), accepted.id);
    const as = bed.t.callerAs(mod.id);

    await as.moderation.decide({
      subject: { type: "message", id: message.id },
      action: "restrict",
      ground: "harassment",
      note: "Threatened the employer",
      days: 7,
    });
    expect(await activeSanction(bed.t.db, accepted.id, new Date())).toMatchObject({ kind: "restricted" });
    const [row] = await bed.t.db
      .select({ removedAt: chatMessages.removedAt })
      .from(chatMessages)
      .where(eq(chatMessages.id, message.id));
    expect(row?.removedAt).not.toBeNull();
    const closed = await bed.t.db
      .select({ status: reports.status, outcome: reports.outcome })
      .from(reports)
      .where(and(eq(reports.subjectType, "message"), eq(reports.subjectId, String(message.id))));
    expect(closed).toEqual([{ status: "closed", outcome: "actioned" }]);
    await bed.t.db.update(accountSanctions).set({ liftedAt: new Date() }).where(eq(accountSanctions.userId, accepted.id));
  });

  it("reads a reported message only with the 10 around it, and logs the read first", async () => {
    const mod = await operator("moderator", "Message Reader");
    const { owner, accepted, conversationId } = bed.f;
    const sent = [];
    for (let i = 0; i < 14; i++)
      sent.push(await createChatMessage(bed.t.db, conversationId, i % 2 ? owner.id : accepted.id, { content: `line ${i}` }));
    const target = sent[7];
    if (!target) throw new Error("no message");
    const as = bed.t.callerAs(mod.id);
    await expectRefusal(as.moderation.readMessage({ messageId: target.id }), "NOT_FOUND", ERR.notFound);
    await report(owner.id, "message", String(target.id), accepted.id);

    const item = await as.moderation.item({ subject: { type: "message", id: target.id } });
    expect(JSON.stringify(item)).not.toContain("line 7");
    const { messages } = await as.moderation.readMessage({ messageId: target.id });
    expect(messages.map((m) => m.content)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((i) => `line ${i}`));
    expect(messages.filter((m) => m.reported).map((m) => m.id)).toEqual([target.id]);
    expect(await auditOf(String(target.id))).toEqual([{ action: "read_private_message", reason: null, operatorId: mod.id }]);
  });

  it("refuses a decision on one's own item, a moderator's on an admin's, an unfit action, and a dismissal of nothing", async () => {
    const mod = await operator("moderator", "Careful Moderator");
    const admin = await operator("admin", "Ada Admin");
    const ownJob = await createJob(bed.t.db, mod.id, { title: "Moderator's own job" });
    const adminJob = await createJob(bed.t.db, admin.id, { title: "Admin's job" });
    await report(bed.f.accepted.id, "job", ownJob.id, mod.id);
    await report(bed.f.accepted.id, "job", adminJob.id, admin.id);
    const as = bed.t.callerAs(mod.id);
    const on = (id: string, action: "remove" | "approve" | "dismiss") => ({
      subject: { type: "job" as const, id },
      action,
      ground: "spam" as const,
      note: "Checked",
    });
    await expectRefusal(as.moderation.decide(on(ownJob.id, "remove")), "FORBIDDEN", ERR.operatorSelf);
    await expectRefusal(as.moderation.decide(on(adminJob.id, "remove")), "FORBIDDEN", ERR.operatorProtected);
    await expectRefusal(as.moderation.decide(on(adminJob.id, "approve")), "BAD_REQUEST", ERR.moderationActionInvalid);
    const quiet = await createJob(bed.t.db, bed.f.owner.id, { title: "Nobody reported this" });
    await expectRefusal(as.moderation.decide(on(quiet.id, "dismiss")), "CONFLICT", ERR.moderationNothingToDecide);
    await expectRefusal(
      as.moderation.decide({ ...on(quiet.id, "remove"), note: "  " }),
      "BAD_REQUEST",
      ERR.moderationNoteRequired,
    );
    // Nothing was written by any refusal.
    expect(await bed.t.db.select().from(moderationDecisions).where(eq(moderationDecisions.decidedBy, mod.id))).toEqual([]);
  });
});

describe("appeals of decisions", () => {
  it("are answered by another operator; a reversal restores the content and lifts the sanction", async () => {
    const first = await operator("moderator", "First Moderator");
    const second = await operator("moderator", "Second Moderator");
    const { owner, accepted, conversationId } = bed.f;
    const message = await createChatMessage(bed.t.db, conversationId, accepted.id, { content: "See you at 8" });
    await report(owner.id, "message", String(message.id), accepted.id);
    const { decisionId } = await bed.t.callerAs(first.id).moderation.decide({
      subject: { type: "message", id: message.id },
      action: "restrict",
      ground: "harassment",
      note: "Read as a threat",
      days: 3,
    });
    const [appeal] = await bed.t.db
      .insert(appeals)
      .values({ kind: "decision", decisionId, appellantId: accepted.id, text: "It was the start time", createdAt: new Date() })
      .returning({ id: appeals.id });
    if (!appeal) throw new Error("no appeal");

    const answer = { appealId: appeal.id, outcome: "reversed" as const, note: "The message gives the start time" };
    await expectRefusal(bed.t.callerAs(first.id).moderation.answerAppeal(answer), "FORBIDDEN", ERR.appealOwnDecision);
    const seen = await bed.t.callerAs(second.id).moderation.appeal({ appealId: appeal.id });
    expect(seen).toMatchObject({
      kind: "decision",
      text: "It was the start time",
      decidedByCaller: false,
      decision: { action: "restrict" },
    });
    expect(seen.item?.content).toMatchObject({ type: "message", removed: true });

    await bed.t.callerAs(second.id).moderation.answerAppeal(answer);
    expect(await activeSanction(bed.t.db, accepted.id, new Date())).toBeNull();
    const [row] = await bed.t.db
      .select({ removedAt: chatMessages.removedAt })
      .from(chatMessages)
      .where(eq(chatMessages.id, message.id));
    expect(row?.removedAt).toBeNull();
    const [decision] = await bed.t.db.select().from(moderationDecisions).where(eq(moderationDecisions.id, decisionId));
    expect(decision?.reversedAt).not.toBeNull();
    await expectRefusal(bed.t.callerAs(second.id).moderation.answerAppeal(answer), "CONFLICT", ERR.appealTaken);
    expect((await auditOf(decisionId)).map((a) => a.action)).toEqual(["appeal_reversed"]);
  });
});

describe("moderation records after an account's deletion (docs/decisions/074)", () => {
  it("keep the decision, its ground, note and appeal, naming nobody", async () => {
    const mod = await operator("moderator", "Records Keeper");
    const person = await createWorker(bed.t.db, { fullName: "Leaving Lena" });
    await report(bed.f.accepted.id, "profile", person.id, person.id);
    const { decisionId } = await bed.t.callerAs(mod.id).moderation.decide({
      subject: { type: "profile", id: person.id },
      action: "restrict",
      ground: "spam",
      note: "Sent the same advert to everyone",
      days: 2,
    });
    await bed.t.callerAs(person.id).decisions.appeal({ decisionId, text: "It was one message" });
    expect(await bed.t.callerAs(person.id).privacy.deleteAccount()).toEqual({ deleted: true });

    const [decision] = await bed.t.db.select().from(moderationDecisions).where(eq(moderationDecisions.id, decisionId));
    expect(decision).toMatchObject({
      affectedUserId: null,
      ground: "spam",
      note: "Sent the same advert to everyone",
      decidedBy: mod.id,
    });
    expect(decision?.subjectId).toMatch(/^deleted:/);
    const [appeal] = await bed.t.db.select().from(appeals).where(eq(appeals.decisionId, decisionId));
    expect(appeal).toMatchObject({ appellantId: null, text: "It was one message" });
    const audit = await bed.t.db.select().from(operatorAudit).where(eq(operatorAudit.subjectId, person.id));
    expect(audit).toEqual([]);
  });
});
