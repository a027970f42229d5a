import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createChatMessage } from "../../db/factories/chat.ts";
import { createJob } from "../../db/factories/jobs.ts";
import { createEmployer, createWorker } from "../../db/factories/users.ts";
import { UNREAD_COUNT_CAP } from "../../domain/chat.ts";
import { ERR } from "../../domain/errors.ts";
import type { PageCursor } from "../../domain/page-cursor.ts";
import { expectRefusal } from "../testing/refusal.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { joinGroupChat } from "./group-membership.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("chats.list", () => {
  it("lists group and direct conversations, newest first, with last message, unread counts, the other person and member counts", async () => {
    const owner = await createEmployer(t.db, { fullName: "Boris Boss" });
    const me = await createWorker(t.db, { fullName: "Maria Ivanova" });
    const mate = await createWorker(t.db, { fullName: "Timur" });
    const groupJob = await createJob(t.db, owner.id, { title: "Move an office" });
    const directJob = await createJob(t.db, owner.id, { title: "Wash windows" });
    const quietJob = await createJob(t.db, owner.id, { title: "Quiet job" });

    const group = await joinGroupChat(t.db, groupJob.id, [owner.id, me.id, mate.id]);
    const quiet = await joinGroupChat(t.db, quietJob.id, [owner.id, me.id]);
    const me_ = t.callerAs(me.id);
    const direct = (await me_.chat.contactEmployer({ jobId: directJob.id, content: "Are ladders provided?" })).conversationId;
    await t.callerAs(owner.id).chat.send({ conversationId: direct, content: "Yes" });

    const g1 = await t.callerAs(owner.id).chat.send({ conversationId: group, content: "Start at 8" });
    await me_.chat.markRead({ conversationId: group, messageId: g1.id });
    // Written without moving my read marker (as sending would): my own messages never count as unread.
    await createChatMessage(t.db, group, me.id, { content: "I will be there" });
    await t.callerAs(mate.id).chat.send({ conversationId: group, content: "OK" });
    await t.callerAs(owner.id).chat.send({ conversationId: group, content: "Great" });

    const { items, nextCursor } = await me_.chats.list({});
    expect(nextCursor).toBeNull();
    expect(items.map((i) => i.conversationId)).toEqual([group, direct, quiet]);
    const [g, d, q] = items;
    expect(g).toMatchObject({
      kind: "group",
      jobId: groupJob.id,
      jobTitle: "Move an office",
      otherParticipant: null,
      participantCount: 3,
      lastMessage: { content: "Great", hasImage: false, fromMe: false },
      // "OK" and "Great" came after the read marker; mine in between does not count.
      unreadCount: 2,
    });
    expect(d).toMatchObject({
      kind: "direct",
      jobTitle: "Wash windows",
      otherParticipant: { id: owner.id, fullName: "Boris Boss", initials: "BB" },
      participantCount: 2,
      lastMessage: { content: "Yes", fromMe: false },
      unreadCount: 1,
    });
    expect(q).toMatchObject({ kind: "group", jobTitle: "Quiet job", lastMessage: null, unreadCount: 0, participantCount: 2 });
    expect(g?.lastMessage?.createdAt).toBeInstanceOf(Date);

    // The owner sees the same direct conversation from the other side.
    const ownerView = (await t.callerAs(owner.id).chats.list({})).items.find((i) => i.conversationId === direct);
    expect(ownerView).toMatchObject({
      otherParticipant: { id: me.id, fullName: "Maria Ivanova", initials: "MI" },
      unreadCount: 0,
    });

    // Sending moves my own marker; reading clears the count; an image-only message shows as one.
    await me_.chat.send({ conversationId: direct, content: "Thanks" });
    expect((await me_.chats.list({})).items.find((i) => i.conversationId === direct)).toMatchObject({
      unreadCount: 0,
      lastMessage: { content: "Thanks", fromMe: true },
    });
    await me_.chat.markRead({ conversationId: group, messageId: Number.MAX_SAFE_INTEGER });
    await createChatMessage(t.db, quiet, owner.id, { content: "", imagePath: "chat-images/x/1.png" });
    const after = await me_.chats.list({});
    expect(after.items.map((i) => i.conversationId)).toEqual([quiet, direct, group]);
    expect(after.items[0]).toMatchObject({ lastMessage: { content: "", hasImage: true }, unreadCount: 1 });
    expect(after.items[2]?.unreadCount).toBe(0);
  });

  it("counts unread messages up to the cap", async () => {
    const owner = await createEmployer(t.db);
    const me = await createWorker(t.db);
    const job = await createJob(t.db, owner.id);
    const chat = await joinGroupChat(t.db, job.id, [owner.id, me.id]);
    for (let i = 0; i < UNREAD_COUNT_CAP + 5; i++) await createChatMessage(t.db, chat, owner.id, { content: `n${i}` });
    const { items } = await t.callerAs(me.id).chats.list({});
    expect(items[0]?.unreadCount).toBe(UNREAD_COUNT_CAP);
  });

  it("pages with a cursor without skipping or repeating, and refuses a forged cursor", async () => {
    const owner = await createEmployer(t.db);
    const me = await createWorker(t.db);
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const job = await createJob(t.db, owner.id, { title: `Job ${i}` });
      const chat = await joinGroupChat(t.db, job.id, [owner.id, me.id]);
      // Microsecond-close times: the cursor must keep full precision.
      await createChatMessage(t.db, chat, owner.id, { createdAt: new Date(Date.UTC(2026, 0, 1, 12, 0, 0, i)) });
      ids.unshift(chat);
    }
    const caller = t.callerAs(me.id);
    const seen: string[] = [];
    let cursor: PageCursor | null = null;
    for (let page = 0; page < 10; page++) {
      const result: Awaited<ReturnType<typeof caller.chats.list>> = await caller.chats.list({ limit: 3, cursor });
      seen.push(...result.items.map((i) => i.conversationId));
      cursor = result.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toEqual(ids);
    // Refused by the schema with a clear message, never by the database.
    await expectRefusal(caller.chats.list({ cursor: "not-a-cursor" as never }), "BAD_REQUEST", ERR.cursorInvalid);
    for (const at of [
      "2024-99-99T00:00:00.000000Z",
      "0000-01-01T00:00:00.000000Z",
      "2025-02-30T12:00:00.000000Z",
      "2025-01-01T24:00:00.000000Z",
    ]) {
      await expectRefusal(caller.chats.list({ cursor: { at, id: ids[0] ?? "" } }), "BAD_REQUEST", ERR.cursorInvalid);
    }
    await expectRefusal(
      caller.chats.list({ cursor: { at: "2025-01-01T00:00:00.000000Z", id: "x" } }),
      "BAD_REQUEST",
      ERR.cursorInvalid,
    );
    await expect(caller.chats.list({ limit: 51 })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  it("is empty for someone without conversations", async () => {
    const loner = await createWorker(t.db);
    expect(await t.callerAs(loner.id).chats.list({})).toEqual({ items: [], nextCursor: null });
  });
});
