import { randomBytes } from "node:crypto";
import { readdir } from "node:fs/promises";
import { request } from "node:http";
import path from "node:path";
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { certificates, fileDeletions } from "../../db/schema/index.ts";
import { CERTIFICATE_MAX_BYTES } from "../../domain/certificates.ts";
import { LIMITS } from "../../domain/limits.ts";
import { pdfBytes, uploadCertificate } from "../certificates/testing/upload.ts";
import { UNCLAIMED_UPLOAD_TTL_MS } from "../chat/chat-images.ts";
import { chatFixture, IMAGES, listen, uploadImage, type ChatFixture } from "../chat/chat-test-kit.ts";
import { accountScene } from "../privacy/testing/account-scene.ts";
import { signUp, type SignedUp } from "../testing/accounts.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../testing/test-app.ts";
import { processFileDeletions } from "./file-deletions.ts";
import type { FileStore } from "./file-store.ts";
import { s3FileStore, type S3FileStore } from "./s3-file-store.ts";
import { startS3Peer, TEST_BUCKET, type S3Peer } from "./testing/s3-peer.ts";

/**
 * Uploads, signed links, deletion, account deletion, export and the orphan sweep, through the whole
 * app, once on the local folder and once on an S3 bucket: each must behave the same on both.
 */
let peer: S3Peer;
beforeAll(async () => {
  peer = await startS3Peer();
});
afterAll(async () => {
  await peer?.close();
});

type Setup = { t: TestApp; keysUnder(prefix: string): Promise<string[]>; close(): Promise<void> };

async function onLocalFolder(): Promise<Setup> {
  const t = await createTestApp();
  return {
    t,
    async keysUnder(prefix) {
      const names = await readdir(path.join(t.uploadDir, prefix)).catch(() => []);
      return names.map((name) => `${prefix}${name}`);
    },
    close: () => t.close(),
  };
}

async function onS3Bucket(): Promise<Setup> {
  const files: S3FileStore = s3FileStore(peer.settings());
  const t = await createTestApp({ services: { files } });
  return {
    t,
    async keysUnder(prefix) {
      const listed = await files.client.send(new ListObjectsV2Command({ Bucket: TEST_BUCKET, Prefix: prefix }));
      return (listed.Contents ?? []).map((object) => object.Key ?? "");
    },
    async close() {
      await t.close();
      files.close();
    },
  };
}

/**
 * Starts a multipart upload of one file over a real connection, sends `sent` of its `size` bytes, then
 * drops the connection, as a browser tab closed mid-upload does.
 */
async function cutOffUpload(
  base: string,
  path: string,
  cookie: string,
  fields: Record<string, string>,
  file: { name: string; type: string; head: Buffer; size: number; sent: number },
) {
  const boundary = `----daywork${randomBytes(8).toString("hex")}`;
  const fieldParts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const opening = Buffer.from(
    `${fieldParts.join("")}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
  );
  const closing = Buffer.from(`\r\n--${boundary}--\r\n`);
  const req = request(`${base}${path}`, {
    method: "POST",
    headers: {
      cookie,
      origin: TEST_ORIGIN,
      "content-type": `multipart/form-data; boundary=${boundary}`,
      "content-length": opening.length + file.size + closing.length,
    },
  });
  req.on("error", () => {});
  req.write(opening);
  req.write(file.head);
  req.write(Buffer.alloc(file.sent - file.head.length, 7));
  await new Promise((resolve) => setTimeout(resolve, 200));
  req.destroy();
}

async function exists(files: FileStore, key: string): Promise<boolean> {
  return (await files.size(key)) !== null;
}

describe.each([
  ["the local folder", onLocalFolder],
  ["an S3 bucket", onS3Bucket],
])("files on %s", (_name, setUp) => {
  let s: Setup;
  let t: TestApp;
  beforeAll(async () => {
    s = await setUp();
    t = s.t;
  });
  afterAll(() => s?.close());

  describe("certificates", () => {
    let person: SignedUp;
    let filePath: string;
    let id: string;
    const data = pdfBytes(300_000);
    beforeAll(async () => {
      person = await signUp(t);
      const res = await uploadCertificate(
        t,
        { name: "Forklift – level 2.pdf", type: "application/pdf", data },
        { cookie: person.cookie },
      );
      expect(res.statusCode).toBe(201);
      id = (res.json() as { id: string }).id;
      const [row] = await t.db.select().from(certificates).where(eq(certificates.id, id));
      filePath = row?.filePath ?? "";
    });

    it("stream an upload into the store and out through the signed link: 3600 s, attachment, nosniff", async () => {
      expect(await s.keysUnder(`certificates/${person.id}/`)).toEqual([filePath]);
      expect(await t.services.files.size(filePath)).toBe(data.length);
      const link = await t.callerAs(person.id).certificates.link({ id });
      const res = await t.app.inject({ method: "GET", url: link.url });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(data)).toBe(true);
      expect(res.headers).toMatchObject({
        "content-type": "application/pdf",
        "content-length": String(data.length),
        "content-disposition": `attachment; filename*=UTF-8''${encodeURIComponent("Forklift – level 2.pdf")}`,
        "x-content-type-options": "nosniff",
        "content-security-policy": "default-src 'none'; sandbox",
      });
      const maxAge = Number(/^private, max-age=(\d+)$/.exec(String(res.headers["cache-control"]))?.[1]);
      expect(maxAge).toBeGreaterThan(3590);
      expect(maxAge).toBeLessThanOrEqual(3600);
    });

    it("keep nothing of an upload over the limit", async () => {
      const over = await uploadCertificate(
        t,
        { name: "big.pdf", type: "application/pdf", data: pdfBytes(CERTIFICATE_MAX_BYTES + 1) },
        { cookie: person.cookie },
      );
      expect(over.statusCode).toBe(413);
      expect(await s.keysUnder(`certificates/${person.id}/`)).toEqual([filePath]);
    });

    it("export lists the certificate with the size the store holds", async () => {
      const exported = await t.callerAs(person.id).privacy.export();
      expect(exported.certificates).toEqual([
        expect.objectContaining({ id, file_name: "Forklift – level 2.pdf", file_size: data.length }),
      ]);
    });

    it("keep nothing of an upload whose connection drops midway, and the store's put ends (no hanging upload)", async () => {
      const { http } = await listen(t.app);
      const store = t.services.files;
      const puts: ("stored" | "failed")[] = [];
      t.services.files = {
        ...store,
        put: (key, body) =>
          store.put(key, body).then(
            (result) => (puts.push("stored"), result),
            (error: unknown) => {
              puts.push("failed");
              throw error;
            },
          ),
      };
      try {
        await cutOffUpload(
          http,
          "/api/certificates",
          person.cookie,
          {},
          {
            name: "cut.pdf",
            type: "application/pdf",
            head: pdfBytes(),
            size: 8 * 1024 * 1024,
            sent: 6 * 1024 * 1024,
          },
        );
        await vi.waitFor(() => expect(puts).toEqual(["failed"]), { timeout: 10_000 });
      } finally {
        t.services.files = store;
      }
      expect(await t.db.$count(certificates, eq(certificates.userId, person.id))).toBe(1);
      expect(await s.keysUnder(`certificates/${person.id}/`)).toEqual([filePath]);
    });

    it("a deleted certificate's file goes through the outbox, and its link stops working", async () => {
      const link = await t.callerAs(person.id).certificates.link({ id });
      await t.callerAs(person.id).certificates.delete({ id });
      await t.runBackground();
      expect(await s.keysUnder(`certificates/${person.id}/`)).toEqual([]);
      expect(await t.db.$count(fileDeletions)).toBe(0);
      expect((await t.app.inject({ method: "GET", url: link.url })).statusCode).toBe(403);
    });
  });

  describe("chat images", () => {
    let f: ChatFixture;
    beforeAll(async () => {
      f = await chatFixture(t);
    });

    it("an unused upload is swept after a day; a used one stays and is served", async () => {
      const upload = (data: Buffer) =>
        uploadImage(t, {
          cookie: f.accepted.cookie,
          conversationId: f.conversationId,
          file: { data, name: "a.png", type: "image/png" },
        });
      const kept = (await upload(IMAGES.png)).body.imageKey ?? "";
      const orphan = (await upload(IMAGES.gif)).body.imageKey ?? "";
      expect((await s.keysUnder(`chat-images/${f.accepted.id}/`)).sort()).toEqual([kept, orphan].sort());
      const sent = await f.as(f.accepted).chat.send({ conversationId: f.conversationId, imageKey: kept });
      await processFileDeletions(t.db, t.services.files, { now: new Date(Date.now() + UNCLAIMED_UPLOAD_TTL_MS + 1000) });
      expect(await s.keysUnder(`chat-images/${f.accepted.id}/`)).toEqual([kept]);
      const { url } = await f.as(f.owner).chat.imageUrl({ messageId: sent.id });
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("image/png");
      expect(res.headers["content-disposition"]).toBeUndefined();
      expect(res.rawPayload.equals(IMAGES.png)).toBe(true);
    });

    it("an image over 5 MB is refused and nothing of it stays, not even its record", async () => {
      const before = await s.keysUnder(`chat-images/${f.owner.id}/`);
      const big = Buffer.concat([IMAGES.png, Buffer.alloc(LIMITS.chatImageBytes, 7)]);
      const res = await uploadImage(t, {
        cookie: f.owner.cookie,
        conversationId: f.conversationId,
        file: { data: big, name: "big.png", type: "image/png" },
      });
      expect(res.status).toBe(413);
      expect(await s.keysUnder(`chat-images/${f.owner.id}/`)).toEqual(before);
      expect(await t.db.$count(fileDeletions)).toBe(0);
    });
  });

  it("account deletion removes the person's files and those of their chats, and keeps everyone else's", async () => {
    const scene = await accountScene(t);
    const caller = await t.callerWithHeaders({ cookie: scene.subject.cookie });
    expect(await caller.privacy.deleteAccount()).toEqual({ deleted: true });
    await t.runBackground();
    for (const key of [...scene.files.subjectFiles, ...scene.files.othersFilesInSubjectChats])
      expect(await exists(t.services.files, key), key).toBe(false);
    for (const key of scene.files.othersFiles) expect(await exists(t.services.files, key), key).toBe(true);
    expect(await t.db.$count(fileDeletions)).toBe(0);
  });
});
