import { Transform, type Readable } from "node:stream";
import { finished } from "node:stream/promises";

/** A multipart file part as @fastify/multipart hands it over: busboy sets `truncated` when it hits the size limit. */
export type FilePart = Readable & { truncated?: boolean };

/** An upload went over its size limit: the stream of it fails with this at its end, so the store keeps nothing. */
export class FileTooLarge extends Error {
  constructor() {
    super("upload over its size limit");
    this.name = "FileTooLarge";
  }
}

/**
 * How many leading bytes are read before the type is judged: what file-type itself reads first
 * (its `reasonableDetectionSizeInBytes`); PDF, JPEG, PNG, WebP and GIF are all told apart within it.
 */
export const SNIFF_BYTES = 4100;

/**
 * Starts reading a file part without holding it whole: answers its first `SNIFF_BYTES` bytes (fewer
 * when the file is shorter) to judge its type by, and `body`, a stream of the whole file from its
 * first byte, for `FileStore.put`. `body` fails with `FileTooLarge` at its end when busboy cut the
 * file off at the route's limit. Whatever happens next, `settle(part)` reads what is left so that the
 * request can be answered.
 */
export async function openFilePart(part: FilePart): Promise<{ head: Buffer; body: Readable }> {
  let resolve: (head: Buffer) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const headReady = new Promise<Buffer>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  let head: Buffer[] = [];
  let headLength = 0;
  let released = false;
  const release = (into: Transform) => {
    released = true;
    const whole = Buffer.concat(head);
    head = [];
    resolve(whole);
    if (whole.length) into.push(whole);
  };
  const body = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (released) return callback(null, chunk);
      head.push(chunk);
      headLength += chunk.length;
      if (headLength >= SNIFF_BYTES) release(this);
      callback();
    },
    flush(callback) {
      if (!released) release(this);
      callback(part.truncated ? new FileTooLarge() : null);
    },
  });
  // Whoever consumes `body` hears its errors; until then (and for a refused file, never) this keeps
  // them from going unhandled, and a part that fails before its head arrived fails the call.
  body.on("error", reject);
  part.on("error", (error) => body.destroy(error));
  // Until someone consumes `body`, the head is all it holds: the part waits.
  part.pipe(body);
  return { head: await headReady, body };
}

/**
 * Reads and discards what is left of a file part (refused, or its store failed midway), so the
 * request can be answered; answers whether busboy cut it off at the size limit.
 */
export async function settle(part: FilePart): Promise<{ truncated: boolean }> {
  if (!part.readableEnded && !part.destroyed) {
    part.unpipe();
    part.resume();
    await finished(part).catch(() => {});
  }
  return { truncated: part.truncated === true };
}
