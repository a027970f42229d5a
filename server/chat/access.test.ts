import { TRPCClientError } from "@trpc/client";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createApplication, createJob } from "../../db/factories/jobs.ts";
import { conversationParticipants } from "../../db/schema/index.ts";
import { ERR } from "../../domain/errors.ts";
import { signUpMember } from "../testing/accounts.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import {
  chatFixture,
  collectMessages,
  IMAGES,
  listen,
  uploadImage,
  waitStarted,
  wsTrpc,
  type ChatFixture,
} from "./chat-test-kit.ts";
import { joinGroupChat } from "./group-membership.ts";

let t: TestApp;
let f: ChatFixture;
let wsUrl: string;
let imageMessageId: number;
const sockets: { close(): void }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  f = await chatFixture(t);
  wsUrl = (await listen(t.app)).ws;
  const upload = await uploadImage(t, {
    cookie: f.owner.cookie,
    conversationId: f.conversationId,
    file: { data: IMAGES.png, name: "site.png", type: "image/png" },
  });
  const sent = await f
    .as(f.owner)
    .chat.send({ conversationId: f.conversationId, content: "Plan for tomorrow", imageKey: upload.body.imageKey });
  imageMessageId = sent.id;
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

/** The error a call was refused with (fails when it succeeded). */
async function refusal(call: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await call;
  } catch (error) {
    return error as { code: string; message: string };
  }
  throw new Error("expected the call to be refused");
}

function socketFor(cookie: string | null) {
  const socket = wsTrpc(wsUrl, cookie);
  sockets.push(socket);
  return socket;
}

const outsiders = [
  ["a stranger", () => f.stranger],
  ["a pending applicant", () => f.pending],
  ["a rejected applicant", () => f.rejected],
] as const;

describe.each(outsiders)("as %s", (_name, who) => {
  it("every chat procedure answers Access Denied: You must be accepted to join this chat", async () => {
    const caller = await t.callerWithHeaders({ cookie: who().cookie });
    const conversationId = f.conversationId;
    // Thunks, so each call starts only when awaited (an eager promise could reject unobserved).
    const calls = {
      conversationForJob: () => caller.chat.conversationForJob({ jobId: f.job.id }),
      conversation: () => caller.chat.conversation({ conversationId }),
      history: () => caller.chat.history({ conversationId }),
      send: () => caller.chat.send({ conversationId, content: "let me in" }),
      markRead: () => caller.chat.markRead({ conversationId, messageId: imageMessageId }),
      imageUrl: () => caller.chat.imageUrl({ messageId: imageMessageId }),
    };
    for (const [name, call] of Object.entries(calls)) {
      expect(await refusal(call()), name).toMatchObject({ code: "FORBIDDEN", message: ERR.chatAccessDenied });
    }
    const history = await f.as(f.owner).chat.history({ conversationId });
    expect(history.messages.map((m) => m.content)).not.toContain("let me in");
  });

  it("the subscription over a real WebSocket is refused with the same message", async () => {
    const { client } = socketFor(who().cookie);
    const sub = collectMessages(client, { conversationId: f.conversationId });
    const error = await sub.waitForError();
    expect(error).toBeInstanceOf(TRPCClientError);
    expect(error?.data).toMatchObject({ code: "FORBIDDEN", messageKey: ERR.chatAccessDenied });
    await f.as(f.owner).chat.send({ conversationId: f.conversationId, content: "not for outsiders" });
    expect(sub.received).toEqual([]);
  });

  it("cannot upload an image into the conversation", async () => {
    const res = await uploadImage(t, {
      cookie: who().cookie,
      conversationId: f.conversationId,
      file: { data: IMAGES.png, name: "x.png", type: "image/png" },
    });
    expect(res).toMatchObject({ status: 403, body: { code: ERR.chatAccessDenied } });
  });

  it("does not see the conversation in their chats list", async () => {
    const list = await f.as(who()).chats.list({});
    expect(list.items.map((i) => i.conversationId)).not.toContain(f.conversationId);
  });
});

describe("anonymous", () => {
  it("every chat procedure answers UNAUTHORIZED", async () => {
    const caller = await t.callerWithHeaders({});
    const conversationId = f.conversationId;
    const calls = [
      () => caller.chat.conversationForJob({ jobId: f.job.id }),
      () => caller.chat.conversation({ conversationId }),
      () => caller.chat.history({ conversationId }),
      () => caller.chat.send({ conversationId, content: "hi" }),
      () => caller.chat.markRead({ conversationId, messageId: imageMessageId }),
      () => caller.chat.imageUrl({ messageId: imageMessageId }),
      () => caller.chat.contactEmployer({ jobId: f.job.id, content: "hi" }),
      () => caller.chats.list({}),
    ];
    for (const call of calls) expect(await refusal(call())).toMatchObject({ code: "UNAUTHORIZED", message: ERR.unauthorized });
  });

  it("the subscription over a WebSocket without a session is refused", async () => {
    const { client } = socketFor(null);
    const error = await collectMessages(client, { conversationId: f.conversationId }).waitForError();
    expect(error?.data).toMatchObject({ code: "UNAUTHORIZED", messageKey: ERR.unauthorized });
  });

  it("cannot upload an image", async () => {
    const res = await uploadImage(t, {
      conversationId: f.conversationId,
      file: { data: IMAGES.png, name: "x.png", type: "image/png" },
    });
    expect(res).toMatchObject({ status: 401, body: { code: ERR.unauthorized } });
  });
});

describe("participants", () => {
  it.each([
    ["the owner", () => f.owner],
    ["an accepted worker", () => f.accepted],
  ])("%s opens the group chat with names and initials, reads, sends and gets image links", async (_name, who) => {
    const caller = await t.callerWithHeaders({ cookie: who().cookie });
    const chat = await caller.chat.conversationForJob({ jobId: f.job.id });
    expect(chat).toMatchObject({
      id: f.conversationId,
      kind: "group",
      jobId: f.job.id,
      jobTitle: "Garden cleanup",
      jobOwnerId: f.owner.id,
    });
    expect(chat.participants).toEqual([
      { id: f.owner.id, fullName: "Olga Owner", initials: "OO", isJobOwner: true },
      { id: f.accepted.id, fullName: "Anton Accepted", initials: "AA", isJobOwner: false },
    ]);
    expect((await caller.chat.conversation({ conversationId: f.conversationId })).id).toBe(f.conversationId);
    const sent = await caller.chat.send({ conversationId: f.conversationId, content: "On my way" });
    const history = await caller.chat.history({ conversationId: f.conversationId });
    expect(history.messages.at(-1)).toMatchObject({ id: sent.id, content: "On my way", senderId: who().id });
    expect(await caller.chat.markRead({ conversationId: f.conversationId, messageId: sent.id })).toEqual({
      lastReadMessageId: sent.id,
    });
    const link = await caller.chat.imageUrl({ messageId: imageMessageId });
    expect((await t.app.inject({ method: "GET", url: link.url })).statusCode).toBe(200);
  });

  it("a worker accepted through applications.accept joins the chat and can subscribe", async () => {
    const worker = await signUpMember(t, { name: "Nina New" });
    const application = await createApplication(t.db, f.job.id, worker.id);
    await f.as(f.owner).applications.accept({ applicationId: application.id });
    const chat = await f.as(worker).chat.conversationForJob({ jobId: f.job.id });
    expect(chat.id).toBe(f.conversationId);
    const { client } = socketFor(worker.cookie);
    const sub = collectMessages(client, { conversationId: f.conversationId });
    await waitStarted(sub);
    await f.as(f.owner).chat.send({ conversationId: f.conversationId, content: "Welcome, Nina" });
    await sub.waitFor(1);
    expect(sub.received[0]).toMatchObject({ content: "Welcome, Nina", senderName: "Olga Owner", senderInitials: "OO" });
  });

  it("a participant removed while subscribed is cut off with Access Denied and gets no later message", async () => {
    const worker = await signUpMember(t, { name: "Kira Leaving" });
    await t.db.transaction((tx) => joinGroupChat(tx, f.job.id, [worker.id]));
    const { client } = socketFor(worker.cookie);
    const sub = collectMessages(client, { conversationId: f.conversationId });
    await waitStarted(sub);
    await f.as(f.owner).chat.send({ conversationId: f.conversationId, content: "still here" });
    await sub.waitFor(1);
    await t.db
      .delete(conversationParticipants)
      .where(and(eq(conversationParticipants.conversationId, f.conversationId), eq(conversationParticipants.userId, worker.id)));
    await f.as(f.owner).chat.send({ conversationId: f.conversationId, content: "after removal" });
    const error = await sub.waitForError();
    expect(error?.data).toMatchObject({ code: "FORBIDDEN", messageKey: ERR.chatAccessDenied });
    expect(sub.received.map((m) => m.content)).toEqual(["still here"]);
  });

  it("the owner of a job nobody was accepted for yet is told the group chat opens with the first accept", async () => {
    const job = await createJob(t.db, f.owner.id);
    expect(await refusal(f.as(f.owner).chat.conversationForJob({ jobId: job.id }))).toMatchObject({
      code: "NOT_FOUND",
      message: ERR.chatGroupNotStarted,
    });
    expect(await refusal(f.as(f.stranger).chat.conversationForJob({ jobId: job.id }))).toMatchObject({
      code: "FORBIDDEN",
      message: ERR.chatAccessDenied,
    });
  });
});
