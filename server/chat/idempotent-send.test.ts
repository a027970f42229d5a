import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createJob } from "../../db/factories/jobs.ts";
import { chatMessages, conversations } from "../../db/schema/index.ts";
import { ERR } from "../../domain/errors.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { chatFixture, IMAGES, uploadImage, type ChatFixture } from "./chat-test-kit.ts";

// With TEST_DATABASE_URL the concurrent sends really race on a pool of connections (docs/decisions/059).
let t: TestApp;
let f: ChatFixture;
beforeAll(async () => {
  t = await createTestApp();
  f = await chatFixture(t);
});
afterAll(() => t.close());

let serial = 0;
/** A key as the client makes them, new for each test. */
const newKey = () => `test-key-${String(++serial).padStart(8, "0")}-${Date.now()}`;

const storedWith = (senderId: string, key: string) =>
  t.db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(and(eq(chatMessages.senderId, senderId), eq(chatMessages.idempotencyKey, key)));

/** Every announcement the chat bus makes for the conversation while `run` runs (and shortly after). */
async function announced(conversationId: string, run: () => Promise<unknown>): Promise<number[]> {
  const heard: number[] = [];
  const stop = t.services.chatBus.subscribe(conversationId, (event) => {
    if (event.kind === "message") heard.push(event.messageId);
  });
  try {
    await run();
    // The in-process bus tells its listeners within the same turns; give a Postgres bus time to deliver.
    await new Promise((resolve) => setTimeout(resolve, 200));
  } finally {
    stop();
  }
  return heard;
}

async function refusalOf(call: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await call;
  } catch (error) {
    return error as { code: string; message: string };
  }
  throw new Error("expected the call to be refused");
}

describe("chat.send with an idempotency key", () => {
  it("stores a message resent with the same key once, answers both with its id and announces it once", async () => {
    const key = newKey();
    const send = () =>
      f.as(f.accepted).chat.send({ conversationId: f.conversationId, content: "On my way", idempotencyKey: key });
    let first: { id: number } | undefined;
    let again: { id: number } | undefined;
    const heard = await announced(f.conversationId, async () => {
      first = await send();
      again = await send();
    });
    expect(again?.id).toBe(first?.id);
    expect(await storedWith(f.accepted.id, key)).toEqual([{ id: first?.id }]);
    expect(heard).toEqual([first?.id]);
  });

  it("stores two sends of the same key at the same time once, and answers both with its id", async () => {
    const key = newKey();
    const input = { conversationId: f.conversationId, content: "Racing", idempotencyKey: key };
    const answers = await Promise.all([1, 2, 3, 4].map(() => f.as(f.accepted).chat.send(input)));
    const stored = await storedWith(f.accepted.id, key);
    expect(stored).toHaveLength(1);
    expect(new Set(answers.map((a) => a.id))).toEqual(new Set([stored[0]?.id]));
  });

  it("resends a message with an image once: the image is not claimed twice", async () => {
    const upload = await uploadImage(t, {
      cookie: f.accepted.cookie,
      conversationId: f.conversationId,
      file: { data: IMAGES.png, name: "a.png", type: "image/png" },
    });
    const imageKey = upload.body.imageKey ?? "";
    const key = newKey();
    const input = { conversationId: f.conversationId, content: "", imageKey, idempotencyKey: key };
    const first = await f.as(f.accepted).chat.send(input);
    const again = await f.as(f.accepted).chat.send(input);
    expect(again.id).toBe(first.id);
    expect(await t.db.$count(chatMessages, eq(chatMessages.imagePath, imageKey))).toBe(1);
  });

  it("refuses the same key with other text, or in another conversation, and keeps the first message", async () => {
    const key = newKey();
    const first = await f.as(f.owner).chat.send({ conversationId: f.conversationId, content: "First", idempotencyKey: key });
    expect(
      await refusalOf(f.as(f.owner).chat.send({ conversationId: f.conversationId, content: "Other", idempotencyKey: key })),
    ).toMatchObject({ code: "CONFLICT", message: ERR.chatMessageKeyReused });
    const other = await createJob(t.db, f.owner.id);
    const direct = await f.as(f.stranger).chat.contactEmployer({ jobId: other.id, content: "Hi" });
    expect(
      await refusalOf(f.as(f.owner).chat.send({ conversationId: direct.conversationId, content: "First", idempotencyKey: key })),
    ).toMatchObject({ code: "CONFLICT", message: ERR.chatMessageKeyReused });
    expect(await storedWith(f.owner.id, key)).toEqual([{ id: first.id }]);
  });

  it("keeps keys per sender: another person's message with the same key is their own", async () => {
    const key = newKey();
    const a = await f.as(f.owner).chat.send({ conversationId: f.conversationId, content: "Same", idempotencyKey: key });
    const b = await f.as(f.accepted).chat.send({ conversationId: f.conversationId, content: "Same", idempotencyKey: key });
    expect(b.id).not.toBe(a.id);
  });

  it("stores sends without a key as before, each one", async () => {
    const input = { conversationId: f.conversationId, content: "No key" };
    const a = await f.as(f.accepted).chat.send(input);
    const b = await f.as(f.accepted).chat.send(input);
    expect(b.id).not.toBe(a.id);
  });
});

describe("chat.contactEmployer with an idempotency key", () => {
  it("stores a first message resent with the same key once, in one conversation, and answers both alike", async () => {
    const job = await createJob(t.db, f.owner.id);
    const key = newKey();
    const input = { jobId: job.id, content: "Is the job still open?", idempotencyKey: key };
    const sequential = [await f.as(f.pending).chat.contactEmployer(input), await f.as(f.pending).chat.contactEmployer(input)];
    expect(sequential[1]).toEqual(sequential[0]);

    const racingJob = await createJob(t.db, f.owner.id);
    const racingKey = newKey();
    const racing = await Promise.all(
      [1, 2, 3].map(() =>
        f.as(f.rejected).chat.contactEmployer({ jobId: racingJob.id, content: "Hello", idempotencyKey: racingKey }),
      ),
    );
    expect(new Set(racing.map((r) => r.messageId)).size).toBe(1);
    expect(await storedWith(f.rejected.id, racingKey)).toHaveLength(1);
    expect(await t.db.$count(conversations, eq(conversations.jobId, racingJob.id))).toBe(1);
  });
});
