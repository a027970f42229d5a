import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createChatMessage, createDirectConversation } from "../../db/factories/chat.ts";
import { createJob } from "../../db/factories/jobs.ts";
import { createEmployer, createWorker } from "../../db/factories/users.ts";
import { UNREAD_COUNT_CAP } from "../../domain/chat.ts";
import { ERR } from "../../domain/errors.ts";
import { signUp } from "../testing/accounts.ts";
import { expectRefusal } from "../testing/refusal.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { joinGroupChat } from "./group-membership.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("chats.unreadCount", () => {
  it("counts the caller's conversations with others' messages after the read marker, and follows reading", async () => {
    const owner = await createEmployer(t.db);
    const me = await createWorker(t.db);
    const mate = await createWorker(t.db);
    const stranger = await createWorker(t.db);
    const [jobA, jobB, jobC] = [
      await createJob(t.db, owner.id),
      await createJob(t.db, owner.id),
      await createJob(t.db, owner.id),
    ];
    const group = await joinGroupChat(t.db, jobA.id, [owner.id, me.id, mate.id]);
    const direct = await createDirectConversation(t.db, jobB.id, me.id, owner.id);
    const mineOnly = await joinGroupChat(t.db, jobC.id, [owner.id, me.id]);

    const count = (userId: string) => t.callerAs(userId).chats.unreadCount();
    expect(await count(me.id)).toBe(0);

    // Two messages in one conversation count once; my own messages never count.
    await createChatMessage(t.db, group, owner.id, { content: "Start at 8" });
    const last = await createChatMessage(t.db, group, mate.id, { content: "OK" });
    await createChatMessage(t.db, direct, owner.id, { content: "Ladders are provided" });
    await createChatMessage(t.db, mineOnly, me.id, { content: "Only me so far" });
    expect(await count(me.id)).toBe(2);

    // Someone else's unread messages are theirs: a stranger sees none, the owner only mine in mineOnly.
    expect(await count(stranger.id)).toBe(0);
    expect(await count(owner.id)).toBe(2);

    // Reading the group conversation takes it off the badge; a later message brings it back.
    await t.callerAs(me.id).chat.markRead({ conversationId: group, messageId: last.id });
    expect(await count(me.id)).toBe(1);
    await createChatMessage(t.db, group, owner.id, { content: "Bring gloves" });
    expect(await count(me.id)).toBe(2);
  });

  it(`stops counting after ${UNREAD_COUNT_CAP + 1} conversations`, async () => {
    const owner = await createEmployer(t.db);
    const me = await createWorker(t.db);
    for (let i = 0; i < UNREAD_COUNT_CAP + 3; i++) {
      const job = await createJob(t.db, owner.id);
      const conversation = await createDirectConversation(t.db, job.id, me.id, owner.id);
      await createChatMessage(t.db, conversation, owner.id);
    }
    expect(await t.callerAs(me.id).chats.unreadCount()).toBe(UNREAD_COUNT_CAP + 1);
  });

  it("answers a half-onboarded account (its own, empty) and refuses a visitor", async () => {
    const half = await signUp(t);
    expect(await t.callerAs(half.id).chats.unreadCount()).toBe(0);
    await expectRefusal(t.callerAs(null).chats.unreadCount(), "UNAUTHORIZED", ERR.unauthorized);
  });
});
