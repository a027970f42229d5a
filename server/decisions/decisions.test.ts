import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createChatMessage, createDirectConversation } from "../../db/factories/chat.ts";
import { createJob } from "../../db/factories/jobs.ts";
import { createEmployer, createWorker } from "../../db/factories/users.ts";
import { appeals, chatMessages, moderationDecisions, notifications, operators } from "../../db/schema/index.ts";
import { ERR } from "../../domain/errors.ts";
import { appealDeadline } from "../../domain/moderation/decisions.ts";
import type { NotificationPayload } from "../../domain/notifications.ts";
import { notificationDetails, notificationText } from "../i18n/notification-text.ts";
import { sanctionAccount } from "../moderation/sanctions.ts";
import { refusal } from "../testing/refusal.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { tellAppealAnswered, tellDecision } from "./notices.ts";

let t: TestApp;
let mod: { id: string; role: "moderator" };
beforeAll(async () => {
  t = await createTestApp();
  const person = await createWorker(t.db, { fullName: "Mona Moderator" });
  await t.db.insert(operators).values({ userId: person.id, role: "moderator" });
  mod = { id: person.id, role: "moderator" };
});
afterAll(() => t.close());

const DAY = 86_400_000;
const NOT_FOUND = { code: "NOT_FOUND", key: ERR.notFound };
const CLOSED = { code: "CONFLICT", key: ERR.appealClosed };

/** A decision row as the lead's operator actions write it; appealable for 14 days unless told otherwise. */
async function decide(
  values: Partial<typeof moderationDecisions.$inferInsert> & { affectedUserId: string; subjectType: string; subjectId: string },
) {
  const decidedAt = values.decidedAt ?? new Date();
  const [row] = await t.db
    .insert(moderationDecisions)
    .values({
      action: "remove",
      ground: "harassment",
      note: "Insults in the chat",
      decidedBy: mod.id,
      appealBy: appealDeadline(decidedAt),
      ...values,
      decidedAt,
    })
    .returning();
  if (!row) throw new Error("decision was not inserted");
  return row;
}

/** A worker's removed message to an employer, and the decision that removed it. */
async function removedMessage(text = "You are all idiots") {
  const author = await createWorker(t.db, { fullName: "Rude Rolf" });
  const other = await createEmployer(t.db);
  const job = await createJob(t.db, other.id);
  const conversationId = await createDirectConversation(t.db, job.id, author.id, other.id);
  const message = await createChatMessage(t.db, conversationId, author.id, { content: text });
  await t.db.update(chatMessages).set({ removedAt: new Date() }).where(eq(chatMessages.id, message.id));
  const decision = await decide({ affectedUserId: author.id, subjectType: "message", subjectId: String(message.id) });
  return { author, other, decision };
}

describe("decisions.get", () => {
  it("shows the affected person the statement, with their removed message as it was, and nobody else anything", async () => {
    const { author, other, decision } = await removedMessage();
    const statement = await t.callerAs(author.id).decisions.get({ decisionId: decision.id });
    expect(statement).toMatchObject({
      id: decision.id,
      action: "remove",
      ground: "harassment",
      note: "Insults in the chat",
      subjectType: "message",
      item: { text: "You are all idiots", removed: true },
      appeal: null,
      sanction: null,
      reversedAt: null,
      canAppeal: true,
    });
    expect(statement.appealBy?.getTime()).toBe(decision.decidedAt.getTime() + 14 * DAY);
    // Never the operator who decided.
    expect(JSON.stringify(statement)).not.toContain(mod.id);

    const stranger = await createWorker(t.db);
    for (const who of [stranger.id, other.id, mod.id]) {
      expect(await refusal(t.callerAs(who).decisions.get({ decisionId: decision.id }))).toEqual(NOT_FOUND);
    }
  });

  it("names a removed job by its title and says until when a restriction stops what", async () => {
    const owner = await createEmployer(t.db);
    const job = await createJob(t.db, owner.id, { title: "Pay a deposit first" });
    const removal = await decide({ affectedUserId: owner.id, subjectType: "job", subjectId: job.id, ground: "scam" });
    expect(await t.callerAs(owner.id).decisions.get({ decisionId: removal.id })).toMatchObject({
      item: { title: "Pay a deposit first", text: null },
    });

    const sanction = await sanctionAccount(t.db, {
      operator: mod,
      userId: owner.id,
      kind: "restricted",
      days: 7,
      ground: "scam",
      note: "Deposits",
      now: new Date(),
    });
    if (!("id" in sanction)) throw new Error("not restricted");
    const restriction = await decide({
      affectedUserId: owner.id,
      subjectType: "profile",
      subjectId: owner.id,
      action: "restrict",
      sanctionId: sanction.id,
    });
    const statement = await t.callerAs(owner.id).decisions.get({ decisionId: restriction.id });
    expect(statement.sanction).toMatchObject({ kind: "restricted", over: false });
    expect(statement.sanction?.endsAt?.getTime()).toBeGreaterThan(Date.now() + 6 * DAY);

    // A dismissal took nothing from them: it is not theirs to read (it would tell them they were reported).
    const dismissal = await decide({
      affectedUserId: owner.id,
      subjectType: "job",
      subjectId: job.id,
      action: "dismiss",
      appealBy: null,
    });
    expect(await refusal(t.callerAs(owner.id).decisions.get({ decisionId: dismissal.id }))).toEqual(NOT_FOUND);

    const { items } = await t.callerAs(owner.id).decisions.mine({});
    expect(items.map((d) => [d.id, d.subjectName, d.canAppeal])).toEqual([
      [restriction.id, null, true],
      [removal.id, "Pay a deposit first", true],
    ]);
  });
});

describe("decisions.appeal", () => {
  it("takes one appeal from the affected person, and refuses a second", async () => {
    const { author, decision } = await removedMessage();
    const stranger = await createWorker(t.db);
    expect(await refusal(t.callerAs(stranger.id).decisions.appeal({ decisionId: decision.id, text: "Mine" }))).toEqual(NOT_FOUND);

    const first = await t.callerAs(author.id).decisions.appeal({ decisionId: decision.id, text: "It was a quote" });
    // The same appeal sent again after a lost answer is the first.
    expect(await t.callerAs(author.id).decisions.appeal({ decisionId: decision.id, text: "It was a quote" })).toEqual(first);
    expect(await refusal(t.callerAs(author.id).decisions.appeal({ decisionId: decision.id, text: "Another try" }))).toEqual(
      CLOSED,
    );
    const rows = await t.db.select().from(appeals).where(eq(appeals.decisionId, decision.id));
    expect(rows.map((a) => [a.kind, a.appellantId, a.text, a.outcome])).toEqual([
      ["decision", author.id, "It was a quote", null],
    ]);

    const statement = await t.callerAs(author.id).decisions.get({ decisionId: decision.id });
    expect(statement).toMatchObject({ canAppeal: false, appeal: { text: "It was a quote", outcome: null, answer: null } });
  });

  it("refuses after the 14 days, for a decision that cannot be appealed, and after a reversal", async () => {
    const person = await createWorker(t.db);
    const old = await decide({
      affectedUserId: person.id,
      subjectType: "profile",
      subjectId: person.id,
      decidedAt: new Date(Date.now() - 14 * DAY - 60_000),
    });
    const final = await decide({ affectedUserId: person.id, subjectType: "profile", subjectId: person.id, appealBy: null });
    const reversed = await decide({
      affectedUserId: person.id,
      subjectType: "profile",
      subjectId: person.id,
      reversedAt: new Date(),
    });
    for (const decision of [old, final, reversed]) {
      expect(await refusal(t.callerAs(person.id).decisions.appeal({ decisionId: decision.id, text: "Please" }))).toEqual(CLOSED);
      expect((await t.callerAs(person.id).decisions.get({ decisionId: decision.id })).canAppeal).toBe(false);
    }
    expect(await t.db.select().from(appeals).where(eq(appeals.appellantId, person.id))).toEqual([]);
  });

  it("is open to a restricted member, who may not post or message", async () => {
    const person = await createWorker(t.db);
    const sanction = await sanctionAccount(t.db, {
      operator: mod,
      userId: person.id,
      kind: "restricted",
      days: 30,
      ground: "spam",
      note: "Adverts in every chat",
      now: new Date(),
    });
    if (!("id" in sanction)) throw new Error("not restricted");
    const decision = await decide({
      affectedUserId: person.id,
      subjectType: "profile",
      subjectId: person.id,
      action: "restrict",
      ground: "spam",
      sanctionId: sanction.id,
    });
    expect(await refusal(t.callerAs(person.id).jobs.create({} as never))).toEqual({
      code: "FORBIDDEN",
      key: ERR.accountRestricted,
    });
    const answer = await t.callerAs(person.id).decisions.appeal({ decisionId: decision.id, text: "I only posted my own jobs" });
    expect(answer.appealId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("refuses an empty or too long text with its messages", async () => {
    const { author, decision } = await removedMessage();
    expect(await refusal(t.callerAs(author.id).decisions.appeal({ decisionId: decision.id, text: "   " }))).toEqual({
      code: "BAD_REQUEST",
      key: ERR.appealTextRequired,
    });
    expect(await refusal(t.callerAs(author.id).decisions.appeal({ decisionId: decision.id, text: "x".repeat(2001) }))).toEqual({
      code: "BAD_REQUEST",
      key: ERR.appealTextTooLong,
    });
  });
});

async function noticesOf(userId: string) {
  return t.db
    .select({ kind: notifications.kind, payload: notifications.payload, emailedAt: notifications.emailedAt })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(notifications.createdAt);
}

async function mailsTo(email: string): Promise<string[]> {
  const files = await readdir(t.mailDir);
  const mails = await Promise.all(files.map((f) => readFile(path.join(t.mailDir, f), "utf8")));
  return mails.filter((mail) => mail.includes(email));
}

describe("the notices of a decision and of an appeal's answer", () => {
  it("tell the affected person in their language what, on which ground, and until when to appeal", async () => {
    const owner = await createEmployer(t.db, { language: "ru", email: "olga.ru@example.com" });
    const job = await createJob(t.db, owner.id, { title: "Грузчики" });
    const decision = await decide({ affectedUserId: owner.id, subjectType: "job", subjectId: job.id, ground: "scam" });
    await t.db.transaction((tx) =>
      tellDecision(tx, t.services.queue, {
        decisionId: decision.id,
        affectedUserId: owner.id,
        action: "remove",
        ground: "scam",
        subjectType: "job",
        subjectName: job.title,
        appealBy: decision.appealBy,
      }),
    );
    const [notice] = await noticesOf(owner.id);
    expect(notice?.kind).toBe("moderation_decision");
    expect(notice?.emailedAt).toBeNull();
    const payload = notice?.payload as NotificationPayload;
    const { title, body } = notificationText(payload, "ru");
    expect(title).toBe("Мы удалили ваш материал");
    expect(body).toContain("Мы удалили вашу вакансию «Грузчики».");
    expect(body).toContain("Основание: Мошенничество");
    expect(body).toContain("Обоснование решения с нашим пояснением — в приложении.");
    expect(body).toMatch(/Обжаловать решение можно до \d+ \S+ 20\d\d/);
    expect(notificationText(payload, "en").body).toContain("Ground: Scam or asks for money.");

    await t.runBackground();
    const [mail] = await mailsTo("olga.ru@example.com");
    expect(mail).toContain("Основание: Мошенничество");
    expect(mail).toContain(`/decisions/${decision.id}`);
  });

  it("give a banned person the operator's note and where to write, since they cannot sign in", async () => {
    const person = await createWorker(t.db, { language: "en" });
    const decision = await decide({
      affectedUserId: person.id,
      subjectType: "profile",
      subjectId: person.id,
      action: "ban",
      ground: "scam",
      note: "Took deposits from six workers",
    });
    await t.db.transaction((tx) =>
      tellDecision(tx, t.services.queue, {
        decisionId: decision.id,
        affectedUserId: person.id,
        action: "ban",
        ground: "scam",
        subjectType: "profile",
        subjectName: null,
        appealBy: decision.appealBy,
      }),
    );
    // A dismissal tells nobody.
    await t.db.transaction((tx) =>
      tellDecision(tx, t.services.queue, {
        decisionId: decision.id,
        affectedUserId: person.id,
        action: "dismiss",
        ground: "scam",
        subjectType: "profile",
        subjectName: null,
        appealBy: null,
      }),
    );
    const notices = await noticesOf(person.id);
    expect(notices.map((n) => n.kind)).toEqual(["moderation_decision"]);
    const payload = notices[0]?.payload as NotificationPayload;
    expect(notificationText(payload, "en").body).toMatch(
      /^Your account is banned: you can no longer sign in\. Ground: Scam or asks for money\. To appeal, write to support@daywork\.app by .+ UTC\.$/,
    );
    expect(notificationDetails(payload, "en")).toEqual(["Our note: Took deposits from six workers"]);
  });

  it("tell the appellant the answer, opening the statement", async () => {
    const { author, decision } = await removedMessage();
    await t.db.transaction((tx) =>
      tellAppealAnswered(tx, t.services.queue, {
        appealId: "00000000-0000-4000-8000-000000000001",
        decisionId: decision.id,
        appellantId: author.id,
        outcome: "reversed",
      }),
    );
    const [notice] = await noticesOf(author.id);
    const payload = notice?.payload as NotificationPayload;
    expect(notificationText(payload, "ru")).toEqual({
      title: "На вашу апелляцию ответили",
      body: "Мы ещё раз рассмотрели решение и отменили его: всё, что оно у вас отняло, возвращено. Откройте его, чтобы прочитать наш ответ.",
    });
  });
});
