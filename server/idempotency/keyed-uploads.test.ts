import { randomUUID } from "node:crypto";
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { certificates, fileDeletions } from "../../db/schema/index.ts";
import { chatImagePrefix } from "../../domain/chat.ts";
import { ERR } from "../../domain/errors.ts";
import { pdfBytes, uploadCertificate } from "../certificates/testing/upload.ts";
import { pendingChatImages } from "../chat/chat-images.ts";
import { chatFixture, IMAGES, uploadImage, type ChatFixture } from "../chat/chat-test-kit.ts";
import { signUp, type SignedUp } from "../testing/accounts.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

// Uploads sent with an Idempotency-Key header (docs/decisions/063), through the real routes and file store.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const keyHeader = () => ({ "idempotency-key": randomUUID() });

describe("POST /api/certificates with an Idempotency-Key", () => {
  let person: SignedUp;
  beforeAll(async () => {
    person = await signUp(t);
  });
  const rowsOf = (userId: string) => t.db.select().from(certificates).where(eq(certificates.userId, userId));
  const filesHeld = async (userId: string) =>
    (await t.db.$count(fileDeletions, like(fileDeletions.path, `certificates/${userId}/%`))) + (await rowsOf(userId)).length;

  it("answers a resend and racing sends of the same file with the first certificate: one row, one file", async () => {
    const file = { name: "Forklift.pdf", type: "application/pdf", data: pdfBytes(2048) };
    const headers = { cookie: person.cookie, ...keyHeader() };
    const first = await uploadCertificate(t, file, headers);
    expect(first.statusCode).toBe(201);
    const again = await uploadCertificate(t, file, headers);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());

    const raceHeaders = { cookie: person.cookie, ...keyHeader() };
    const raced = await Promise.all([1, 2, 3].map(() => uploadCertificate(t, { ...file, name: "Raced.pdf" }, raceHeaders)));
    expect(raced.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(raced.map((r) => (r.json() as { id: string }).id)).size).toBe(1);
    expect(await rowsOf(person.id)).toHaveLength(2);
    // No second file kept, nor a place held by one (the losers' files were taken back).
    expect(await filesHeld(person.id)).toBe(2);
  });

  it("refuses the same key with another file or another name, and keeps nothing of it", async () => {
    const someone = await signUp(t);
    const headers = { cookie: someone.cookie, ...keyHeader() };
    const file = { name: "First aid.pdf", type: "application/pdf", data: pdfBytes(1024) };
    expect((await uploadCertificate(t, file, headers)).statusCode).toBe(201);
    for (const other of [
      { ...file, data: pdfBytes(1100) },
      { ...file, name: "Other.pdf" },
    ]) {
      const res = await uploadCertificate(t, other, headers);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: ERR.requestKeyReused });
    }
    expect(await rowsOf(someone.id)).toHaveLength(1);
    expect(await filesHeld(someone.id)).toBe(1);
  });

  it("keeps keys per person, and refuses a malformed key", async () => {
    const [anna, boris] = [await signUp(t), await signUp(t)];
    const key = keyHeader();
    const file = { name: "Same.pdf", type: "application/pdf", data: pdfBytes(1500) };
    const annas = await uploadCertificate(t, file, { cookie: anna.cookie, ...key });
    const boriss = await uploadCertificate(t, file, { cookie: boris.cookie, ...key });
    expect(boriss.statusCode).toBe(201);
    expect((boriss.json() as { id: string }).id).not.toBe((annas.json() as { id: string }).id);
    expect(await rowsOf(boris.id)).toHaveLength(1);

    const bad = await uploadCertificate(t, file, { cookie: anna.cookie, "idempotency-key": "no spaces allowed here!" });
    expect(bad.statusCode).toBe(400);
    expect(await rowsOf(anna.id)).toHaveLength(1);
  });
});

describe("POST /api/chat/images with an Idempotency-Key", () => {
  let f: ChatFixture;
  beforeAll(async () => {
    f = await chatFixture(t);
  });
  const image = { data: IMAGES.png, name: "photo.png", type: "image/png" };

  it("answers a resend and racing sends with the first imageKey, holding one pending place", async () => {
    const before = await pendingChatImages(t.db, f.accepted.id);
    const options = { cookie: f.accepted.cookie, conversationId: f.conversationId, file: image, headers: keyHeader() };
    const first = await uploadImage(t, options);
    expect(first.status).toBe(201);
    expect(await uploadImage(t, options)).toEqual(first);
    const raced = { ...options, headers: keyHeader() };
    const answers = await Promise.all([1, 2, 3].map(() => uploadImage(t, raced)));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.body.imageKey)).size).toBe(1);
    expect(await pendingChatImages(t.db, f.accepted.id)).toBe(before + 2);
    const held = await t.db.$count(fileDeletions, like(fileDeletions.path, `${chatImagePrefix(f.accepted.id)}%`));
    expect(held).toBe(before + 2);
  });

  it("refuses the key with another image or conversation; another person's same key is theirs", async () => {
    const headers = keyHeader();
    const options = { cookie: f.accepted.cookie, conversationId: f.conversationId, file: image, headers };
    expect((await uploadImage(t, options)).status).toBe(201);
    const otherImage = await uploadImage(t, { ...options, file: { data: IMAGES.gif, name: "x.gif", type: "image/gif" } });
    expect(otherImage).toMatchObject({ status: 409, body: { code: ERR.requestKeyReused } });
    const owners = await uploadImage(t, { ...options, cookie: f.owner.cookie });
    expect(owners.status).toBe(201);
    expect(owners.body.imageKey?.startsWith(chatImagePrefix(f.owner.id))).toBe(true);
  });
});
