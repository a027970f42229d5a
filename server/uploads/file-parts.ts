import type { Readable } from "node:stream";

/** A multipart file's bytes, or null when it went over the size limit (busboy cut it off). */
export async function readWithLimit(file: Readable & { truncated?: boolean }): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  for await (const chunk of file) chunks.push(chunk as Buffer);
  return file.truncated ? null : Buffer.concat(chunks);
}

/** Reads and discards a file part that is refused, so the request can be answered. */
export async function drain(file: Readable): Promise<void> {
  for await (const _ of file);
}
