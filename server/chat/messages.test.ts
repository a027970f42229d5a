import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createJob } from "../../db/factories/jobs.ts";
import { chatMessages, conversationParticipants, conversations } from "../../db/schema/index.ts";
import { ERR } from "../../domain/errors.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { chatFixture, IMAGES, uploadImage, type ChatFixture } from "./chat-test-kit.ts";
import { joinGroupChat } from "./group-membership.ts";

let t: TestApp;
let f: ChatFixture;
beforeAll(async () => {
  t = await createTestApp();
  f = await chatFixture(t);
});
afterAll(() => t.close());

async function refusal(call: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await call;
  } catch (error) {
    return error as { code: string; message: string };
  }
  throw new Error("expected the call to be refused");
}

/** tRPC's validation error: BAD_REQUEST with the zod issue's message key. */
async function validationKey(call: Promise<unknown>): Promise<string | undefined> {
  const error = (await refusal(call)) as { code: string; cause?: { issues?: { message: string }[] } };
  expect(error.code).toBe("BAD_REQUEST");
  return error.cause?.issues?.[0]?.message;
}

const messageCount = () => t.db.$count(chatMessages, eq(chatMessages.conversationId, f.conversationId));

describe("chat.send validation", () => {
  it.each([
    ["an empty message", { content: "" }, ERR.chatMessageRequired],
    ["a message of spaces", { content: "   \n " }, ERR.chatMessageRequired],
    ["no content and no image", {}, ERR.chatMessageRequired],
    ["2001 characters", { content: "x".repeat(2001) }, ERR.chatMessageTooLong],
  ])("refuses %s with its message and writes nothing", async (_name, input, key) => {
    const before = await messageCount();
    expect(await validationKey(f.as(f.accepted).chat.send({ conversationId: f.conversationId, ...input }))).toBe(key);
    expect(await messageCount()).toBe(before);
  });

  it("also answers the message key over HTTP", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/trpc/chat.send",
      headers: { cookie: f.accepted.cookie, "content-type": "application/json", origin: t.config.publicUrl },
      payload: { json: { conversationId: f.conversationId, content: "y".repeat(2001) } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: { json: { message: "Message must be less than 2000 characters", data: { messageKey: ERR.chatMessageTooLong } } },
    });
  });

  it("accepts exactly 2000 characters, trimmed", async () => {
    const text = "z".repeat(2000);
    const sent = await f.as(f.accepted).chat.send({ conversationId: f.conversationId, content: `  ${text}  ` });
    const [row] = await t.db.select().from(chatMessages).where(eq(chatMessages.id, sent.id));
    expect(row?.content).toBe(text);
  });

  it("accepts an image without text, and only once", async () => {
    const upload = await uploadImage(t, {
      cookie: f.accepted.cookie,
      conversationId: f.conversationId,
      file: { data: IMAGES.jpg, name: "photo.jpg", type: "image/jpeg" },
    });
    const imageKey = upload.body.imageKey ?? "";
    const sent = await f.as(f.accepted).chat.send({ conversationId: f.conversationId, imageKey });
    const [row] = await t.db.select().from(chatMessages).where(eq(chatMessages.id, sent.id));
    expect(row).toMatchObject({ content: "", imagePath: imageKey });
    expect(await refusal(f.as(f.accepted).chat.send({ conversationId: f.conversationId, imageKey }))).toMatchObject({
      code: "BAD_REQUEST",
      message: ERR.chatImageInvalid,
    });
  });

  it("refuses someone else's image, a made-up key and a path that climbs out of the sender's folder", async () => {
    const upload = await uploadImage(t, {
      cookie: f.owner.cookie,
      conversationId: f.conversationId,
      file: { data: IMAGES.png, name: "owner.png", type: "image/png" },
    });
    const ownersKey = upload.body.imageKey ?? "";
    const before = await messageCount();
    for (const imageKey of [
      ownersKey,
      `chat-images/${f.accepted.id}/1700000000000.png`,
      `chat-images/${f.accepted.id}/../${f.owner.id}/${ownersKey.split("/").at(-1)}`,
      "certificates/someone/1-abc.pdf",
    ]) {
      expect(
        await refusal(f.as(f.accepted).chat.send({ conversationId: f.conversationId, content: "look", imageKey })),
        imageKey,
      ).toMatchObject({
        code: "BAD_REQUEST",
        message: ERR.chatImageInvalid,
      });
    }
    expect(await messageCount()).toBe(before);
    // The owner can still use their own upload.
    await f.as(f.owner).chat.send({ conversationId: f.conversationId, imageKey: ownersKey });
  });
});

describe("sending", () => {
  it("moves the conversation's updated_at and the sender's read marker, in one transaction", async () => {
    const [before] = await t.db.select().from(conversations).where(eq(conversations.id, f.conversationId));
    const sent = await f.as(f.owner).chat.send({ conversationId: f.conversationId, content: "Bring gloves" });
    const [after] = await t.db.select().from(conversations).where(eq(conversations.id, f.conversationId));
    expect(after?.updatedAt.getTime()).toBeGreaterThanOrEqual(before?.updatedAt.getTime() ?? 0);
    expect(after?.updatedAt.toISOString()).toBe(sent.createdAt.toISOString());
    const [marker] = await t.db
      .select({ id: conversationParticipants.lastReadMessageId })
      .from(conversationParticipants)
      .where(and(eq(conversationParticipants.conversationId, f.conversationId), eq(conversationParticipants.userId, f.owner.id)));
    expect(marker?.id).toBe(sent.id);
  });
});

describe("chat.history", () => {
  it("pages from the newest, each page oldest first, with hasOlder", async () => {
    const job = await createJob(t.db, f.owner.id);
    const conversationId = await t.db.transaction((tx) => joinGroupChat(tx, job.id, [f.owner.id, f.accepted.id]));
    const ids: number[] = [];
    for (let i = 1; i <= 7; i++)
      ids.push((await f.as(i % 2 ? f.owner : f.accepted).chat.send({ conversationId, content: `m${i}` })).id);
    const caller = f.as(f.accepted);
    const newest = await caller.chat.history({ conversationId, limit: 3 });
    expect(newest.messages.map((m) => m.content)).toEqual(["m5", "m6", "m7"]);
    expect(newest.hasOlder).toBe(true);
    expect(newest.messages[2]).toMatchObject({
      senderId: f.owner.id,
      senderName: "Olga Owner",
      senderInitials: "OO",
      imageUrl: null,
    });
    const older = await caller.chat.history({ conversationId, limit: 3, cursor: newest.messages[0]?.id });
    expect(older.messages.map((m) => m.content)).toEqual(["m2", "m3", "m4"]);
    const oldest = await caller.chat.history({ conversationId, limit: 3, cursor: older.messages[0]?.id });
    expect(oldest).toMatchObject({ messages: [{ content: "m1" }], hasOlder: false });
    // An app loaded before `before` was renamed `cursor` still pages.
    const legacy = await caller.chat.history({ conversationId, limit: 3, before: newest.messages[0]?.id });
    expect(legacy.messages.map((m) => m.content)).toEqual(["m2", "m3", "m4"]);
    expect((await caller.chat.history({ conversationId })).messages.map((m) => m.id)).toEqual(ids);
  });

  it("refuses a page larger than 50", async () => {
    expect((await refusal(f.as(f.owner).chat.history({ conversationId: f.conversationId, limit: 51 }))).code).toBe("BAD_REQUEST");
  });
});

describe("chat.markRead", () => {
  it("moves the marker forward only, and never past the conversation's own messages", async () => {
    const a = await f.as(f.owner).chat.send({ conversationId: f.conversationId, content: "read me" });
    const b = await f.as(f.owner).chat.send({ conversationId: f.conversationId, content: "and me" });
    const caller = f.as(f.accepted);
    expect(await caller.chat.markRead({ conversationId: f.conversationId, messageId: b.id })).toEqual({
      lastReadMessageId: b.id,
    });
    expect(await caller.chat.markRead({ conversationId: f.conversationId, messageId: a.id })).toEqual({
      lastReadMessageId: b.id,
    });
    expect(await caller.chat.markRead({ conversationId: f.conversationId, messageId: b.id + 1_000_000 })).toEqual({
      lastReadMessageId: b.id,
    });
  });
});
