import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { access, constants, link, mkdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";

/** A stored file as GET /api/files/:token sends it. */
export type StoredFile = { stream: Readable; size: number };

/**
 * Where uploaded files live: never a public folder; they are served only through signed links
 * (docs/decisions/008). Two adapters, chosen by configuration: a local folder (`localFileStore`) and
 * an S3-compatible bucket (`s3FileStore`, docs/decisions/027). `file-store.contract.test.ts` holds
 * both to this contract.
 */
export interface FileStore {
  /** Which adapter this is (logs, readiness). */
  readonly kind: "local" | "s3";
  /**
   * Streams `body` under `key` and answers the bytes stored; all or nothing, so a body that fails midway leaves
   * nothing under the key. Keys are unique by construction.
   */
  put(key: string, body: Readable | Buffer): Promise<{ size: number }>;
  /** A stream of the file, or null when there is none. The caller reads it to the end or destroys it. */
  open(key: string): Promise<StoredFile | null>;
  /** The file's size in bytes without reading it, or null when there is none. */
  size(key: string): Promise<number | null>;
  /** Removes the file; removing a missing file succeeds. */
  remove(key: string): Promise<void>;
  /**
   * Resolves when the store can be reached (the folder exists and is writable; the bucket answers),
   * rejects with the reason otherwise. GET /api/ready asks it; both adapters have it (a stand-in store
   * in a test may leave it out, and then counts as ready).
   */
  ready?(): Promise<void>;
}

const SAFE_KEY = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)+$/;

/**
 * Keys look like `chat-images/{userId}/{timestamp}-{random}.png`; anything that could climb out of
 * the root, or name the local store's folder of partial files, is refused by both adapters.
 */
export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.length > 512 || key.split("/").some((part) => part === "." || part === "..")) {
    throw new Error(`unsafe storage key: ${key}`);
  }
}

const CONTENT_TYPES: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
  ".gif": "image/gif",
  ".pdf": "application/pdf",
};

/** The media type a stored file is served (and, in a bucket, stored) with, from its key's extension. */
export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[path.extname(key).toLowerCase()] ?? "application/octet-stream";
}

/** A stream of `body` (a Buffer becomes a one-chunk stream). */
export function asStream(body: Readable | Buffer): Readable {
  return Buffer.isBuffer(body) ? Readable.from([body]) : body;
}

/** Counts the bytes that pass; `bytes()` is the total once the stream has ended. */
export function byteCounter(): Transform & { bytes(): number } {
  let total = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      total += chunk.length;
      callback(null, chunk);
    },
  });
  return Object.assign(counter, { bytes: () => total });
}

/**
 * Files in a local folder (the default; DATA_DIR/uploads or UPLOAD_DIR). A file is first written to
 * `.partial/` in the same folder (a name no key can take) and linked into place only once complete,
 * so a failed upload leaves no file, and no folder, under its key; an existing key is never
 * overwritten.
 */
export function localFileStore(root: string): FileStore {
  const partialDir = path.join(root, ".partial");
  const resolve = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    kind: "local",
    async put(key, body) {
      const file = resolve(key);
      await mkdir(partialDir, { recursive: true });
      const partial = path.join(partialDir, `${randomBytes(12).toString("hex")}.part`);
      const counter = byteCounter();
      try {
        await pipeline(asStream(body), counter, createWriteStream(partial, { flags: "wx" }));
        await mkdir(path.dirname(file), { recursive: true });
        await link(partial, file);
      } finally {
        await rm(partial, { force: true });
      }
      return { size: counter.bytes() };
    },
    async open(key) {
      const file = resolve(key);
      try {
        const info = await stat(file);
        return { stream: createReadStream(file), size: info.size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async size(key) {
      try {
        return (await stat(resolve(key))).size;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(resolve(key), { force: true });
    },
    async ready() {
      await mkdir(root, { recursive: true });
      await access(root, constants.R_OK | constants.W_OK);
    },
  };
}
