import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { fileDeletions } from "../../db/schema/index.ts";
import { ERR } from "../../domain/errors.ts";
import { LIMITS } from "../../domain/limits.ts";
import { processFileDeletions } from "../storage/file-deletions.ts";
import { signFileLink, verifyFileLink } from "../storage/signed-links.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { pendingChatImages, UNCLAIMED_UPLOAD_TTL_MS } from "./chat-images.ts";
import { chatFixture, IMAGES, postImageForm, uploadImage, type ChatFixture } from "./chat-test-kit.ts";

let t: TestApp;
let f: ChatFixture;
/** The server's clock runs this far ahead of real time. */
let clockAhead = 0;
beforeAll(async () => {
  t = await createTestApp({ services: { now: () => new Date(Date.now() + clockAhead) } });
  f = await chatFixture(t);
});
afterAll(() => t.close());

const upload = (file: { data: Buffer; name: string; type: string } | null, cookie = f.accepted.cookie) =>
  uploadImage(t, { cookie, conversationId: f.conversationId, file });

/** A PNG header followed by `size` bytes in total. */
const pngOfSize = (size: number) => Buffer.concat([IMAGES.png, Buffer.alloc(size - IMAGES.png.length, 7)]);

describe("POST /api/chat/images", () => {
  it.each([
    ["JPEG", IMAGES.jpg, "jpg"],
    ["PNG", IMAGES.png, "png"],
    ["WebP", IMAGES.webp, "webp"],
    ["GIF", IMAGES.gif, "gif"],
  ])("stores a %s, recognised by its bytes, under chat-images/{userId}/{milliseconds}-{random}.%s", async (_name, data, ext) => {
    // The declared name and type say nothing true: only the bytes count.
    const res = await upload({ data, name: "upload.bin", type: "application/octet-stream" });
    expect(res.status).toBe(201);
    const key = res.body.imageKey ?? "";
    expect(key).toMatch(new RegExp(`^chat-images/${f.accepted.id}/\\d{13}-[0-9a-f]{12}\\.${ext}$`));
    const stored = await t.services.files.open(key);
    stored?.stream.destroy();
    expect(stored?.size).toBe(data.length);
  });

  it("refuses a text file named .png and an SVG with the file-type message", async () => {
    for (const file of [
      { data: Buffer.from("just some text, not an image\n"), name: "photo.png", type: "image/png" },
      {
        data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        name: "a.svg",
        type: "image/svg+xml",
      },
    ]) {
      expect(await upload(file)).toEqual({
        status: 415,
        body: { code: ERR.chatImageType, messageKey: ERR.chatImageType, message: "Please upload a JPEG, PNG, WebP or GIF image" },
      });
    }
  });

  it("refuses an image over 5 MB with 413 and 'Image must be less than 5MB', and takes one of exactly 5 MB", async () => {
    const tooBig = await upload({ data: pngOfSize(LIMITS.chatImageBytes + 1), name: "big.png", type: "image/png" });
    expect(tooBig).toEqual({
      status: 413,
      body: { code: ERR.chatImageTooLarge, messageKey: ERR.chatImageTooLarge, message: "Image must be less than 5MB" },
    });
    const atLimit = await upload({ data: pngOfSize(LIMITS.chatImageBytes), name: "ok.png", type: "image/png" });
    expect(atLimit.status).toBe(201);
  });

  it("refuses a request without a file, without a conversation, or with two files", async () => {
    expect(await upload(null)).toMatchObject({ status: 400, body: { code: ERR.chatImageMissing } });
    const noConversation = await uploadImage(t, {
      cookie: f.accepted.cookie,
      file: { data: IMAGES.png, name: "a.png", type: "image/png" },
    });
    expect(noConversation).toMatchObject({ status: 403, body: { code: ERR.chatAccessDenied } });
    const form = new FormData();
    form.append("conversationId", f.conversationId);
    form.append("a", new Blob([IMAGES.png]), "a.png");
    form.append("b", new Blob([IMAGES.png]), "b.png");
    const res = await postImageForm(t, form, { cookie: f.accepted.cookie });
    expect(res.statusCode).toBe(413);
  });

  it("refuses a cross-site form post", async () => {
    const form = new FormData();
    form.append("conversationId", f.conversationId);
    form.append("image", new Blob([IMAGES.png]), "a.png");
    const res = await postImageForm(t, form, { cookie: f.accepted.cookie, origin: "https://evil.example" });
    expect(res.statusCode).toBe(403);
  });

  it("records an unused upload for removal after a day; the message that uses it keeps it for good", async () => {
    const kept = (await upload({ data: IMAGES.gif, name: "kept.gif", type: "image/gif" })).body.imageKey ?? "";
    const orphan = (await upload({ data: IMAGES.gif, name: "orphan.gif", type: "image/gif" })).body.imageKey ?? "";
    const pending = await t.db.select().from(fileDeletions).where(eq(fileDeletions.path, orphan));
    expect(pending).toHaveLength(1);
    expect(pending[0]?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + UNCLAIMED_UPLOAD_TTL_MS - 60_000);
    await f.as(f.accepted).chat.send({ conversationId: f.conversationId, imageKey: kept });
    expect(await t.db.$count(fileDeletions, eq(fileDeletions.path, kept))).toBe(0);

    // A day later the sweep removes the orphan and leaves the used image alone.
    await processFileDeletions(t.db, t.services.files, { now: new Date(Date.now() + UNCLAIMED_UPLOAD_TTL_MS + 1000) });
    expect(await t.services.files.open(orphan)).toBeNull();
    const still = await t.services.files.open(kept);
    still?.stream.destroy();
    expect(still).not.toBeNull();
    // And the swept upload can no longer be attached.
    await expect(f.as(f.accepted).chat.send({ conversationId: f.conversationId, imageKey: orphan })).rejects.toMatchObject({
      message: ERR.chatImageInvalid,
    });
  });
});

describe("chat image links", () => {
  let messageId: number;
  let key: string;
  beforeAll(async () => {
    key = (await upload({ data: IMAGES.webp, name: "site.webp", type: "image/webp" }, f.owner.cookie)).body.imageKey ?? "";
    messageId = (await f.as(f.owner).chat.send({ conversationId: f.conversationId, content: "the site", imageKey: key })).id;
  });

  it("history carries a signed link valid for 3600 s that serves the image", async () => {
    const { messages } = await f.as(f.accepted).chat.history({ conversationId: f.conversationId });
    const message = messages.find((m) => m.id === messageId);
    const url = message?.imageUrl ?? "";
    const claims = verifyFileLink(url.replace("/api/files/", ""), t.services.fileLinkSecret);
    expect(claims?.key).toBe(key);
    expect((claims?.exp ?? 0) - Math.floor(Date.now() / 1000)).toBeGreaterThan(3590);
    const res = await t.app.inject({ method: "GET", url });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/webp");
    expect(res.rawPayload.equals(IMAGES.webp)).toBe(true);
  });

  it("chat.imageUrl gives participants a fresh link, and 'Failed to generate image URL' for a message without an image", async () => {
    const fresh = await f.as(f.accepted).chat.imageUrl({ messageId });
    expect(fresh.expiresAt.getTime() - Date.now()).toBeGreaterThan(3590_000);
    expect((await t.app.inject({ method: "GET", url: fresh.url })).statusCode).toBe(200);
    const text = await f.as(f.owner).chat.send({ conversationId: f.conversationId, content: "no image here" });
    await expect(f.as(f.accepted).chat.imageUrl({ messageId: text.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: ERR.chatImageUrlFailed,
    });
    await expect(f.as(f.stranger).chat.imageUrl({ messageId: 999_999_999 })).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: ERR.chatAccessDenied,
    });
  });

  it("refuses expired, altered and forged links to a chat image", async () => {
    const expired = signFileLink({ key }, t.services.fileLinkSecret, new Date(Date.now() - 3601_000));
    expect((await t.app.inject({ method: "GET", url: expired.url })).statusCode).toBe(403);
    const forged = signFileLink({ key }, "someone-else-secret-someone-else-secret");
    expect((await t.app.inject({ method: "GET", url: forged.url })).statusCode).toBe(403);
    // A valid link's signature on another person's image path.
    const { url } = await f.as(f.accepted).chat.imageUrl({ messageId });
    const [, signature] = url.replace("/api/files/", "").split(".");
    const otherKey = Buffer.from(JSON.stringify({ key: key.replace(f.owner.id, f.accepted.id), exp: 9_999_999_999 })).toString(
      "base64url",
    );
    expect((await t.app.inject({ method: "GET", url: `/api/files/${otherKey}.${signature}` })).statusCode).toBe(403);
    const longer = Buffer.from(JSON.stringify({ key, exp: 9_999_999_999 })).toString("base64url");
    expect((await t.app.inject({ method: "GET", url: `/api/files/${longer}.${signature}` })).statusCode).toBe(403);
  });

  it("a link checked on every request stops working once its hour is over", async () => {
    const { url } = await f.as(f.accepted).chat.imageUrl({ messageId });
    try {
      clockAhead = 3590_000;
      expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(200);
      clockAhead = 3601_000;
      expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(403);
    } finally {
      clockAhead = 0;
    }
  });
});

describe("chat image uploads while the file store fails (docs/decisions/060)", () => {
  it(`answers 503 'try again' with Retry-After, and frees the place at once: ${LIMITS.pendingChatImages} uploads go after`, async () => {
    const g = await chatFixture(t);
    const upload = () =>
      uploadImage(t, {
        cookie: g.owner.cookie,
        conversationId: g.conversationId,
        file: { data: IMAGES.png, name: "a.png", type: "image/png" },
      });
    const files = t.services.files;
    const { put, remove } = files;
    files.put = async () => Promise.reject(new Error("connect ECONNREFUSED 10.0.0.9:9000"));
    files.remove = async () => Promise.reject(new Error("connect ECONNREFUSED 10.0.0.9:9000"));
    try {
      for (let i = 0; i < LIMITS.pendingChatImages; i++) {
        const response = await postImageForm(t, formWithPng(g.conversationId), { cookie: g.owner.cookie });
        expect(response.statusCode).toBe(503);
        expect(response.headers["retry-after"]).toBe("30");
        // Translated, and naming no service or address.
        expect(response.json()).toEqual({
          code: ERR.filesUnavailable,
          messageKey: ERR.filesUnavailable,
          message: "Files can't be saved right now. Please try again in a minute.",
        });
      }
      // The sweep tries to remove what the store may hold of them while it is still down: each failed
      // record now waits for its retry, later than now, and still takes no place.
      const swept = await processFileDeletions(t.db, files, { now: t.services.now() });
      expect(swept.failed).toBeGreaterThanOrEqual(LIMITS.pendingChatImages);
      expect(await pendingChatImages(t.db, g.owner.id, t.services.now())).toBe(0);
    } finally {
      files.put = put;
      files.remove = remove;
    }
    for (let i = 0; i < LIMITS.pendingChatImages; i++) expect((await upload()).status).toBe(201);
    expect((await upload()).status).toBe(429);
  });
});

function formWithPng(conversationId: string): FormData {
  const form = new FormData();
  form.append("conversationId", conversationId);
  form.append("image", new Blob([new Uint8Array(IMAGES.png)], { type: "image/png" }), "a.png");
  return form;
}
