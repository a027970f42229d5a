import { createReadStream } from "node:fs";
import { mkdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";

/** Where uploaded files live: never a public folder; they are served only through signed links. */
export interface FileStore {
  put(key: string, data: Buffer): Promise<void>;
  /** A stream of the file, or null when there is none. */
  open(key: string): Promise<{ stream: Readable; size: number } | null>;
  /** Removes the file; removing a missing file succeeds. */
  remove(key: string): Promise<void>;
}

const SAFE_KEY = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)+$/;

/** Keys look like `chat-images/{userId}/{timestamp}.png`; anything that could climb out of the root is refused. */
function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.split("/").some((part) => part === "." || part === "..")) {
    throw new Error(`unsafe storage key: ${key}`);
  }
}

/** Files in a local folder (the default; DATA_DIR/uploads). */
export function localFileStore(root: string): FileStore {
  const resolve = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, data, { flag: "wx" });
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
    async remove(key) {
      await rm(resolve(key), { force: true });
    },
  };
}
