import { createHash } from "node:crypto";
import { Transform, type Readable } from "node:stream";
import { finished } from "node:stream/promises";
import type { FastifyRequest } from "fastify";

import type { Database, Queryable } from "../../db/database.ts";
import { IDEMPOTENCY_KEY_HEADER, idempotencyKeySchema } from "../../domain/idempotency.ts";
import type { Reason } from "../answers.ts";
import { isRefusal, refusal, type Refusal } from "../refusal.ts";
import {
  AnsweredMeanwhile,
  answerFor,
  fingerprintOf,
  keyAnswer,
  rememberAnswer,
  storedAnswer,
  type IdempotentScope,
  type KeyedRequest,
} from "./once-per-key.ts";

/** Whose key, for which create: an upload's fingerprint is known only once its bytes went through. */
export type UploadKey = Omit<KeyedRequest, "fingerprint">;

/**
 * The upload's idempotency key from its `Idempotency-Key` header (docs/decisions/063): null without
 * one (older tabs), a refusal when it is not a key's shape.
 */
export function uploadKey(
  request: FastifyRequest,
  userId: string,
  scope: IdempotentScope,
): UploadKey | null | Refusal<"idempotency_key_invalid"> {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (header === undefined) return null;
  const key = idempotencyKeySchema.safeParse(header);
  return key.success ? { userId, scope, key: key.data } : refusal("idempotency_key_invalid");
}

/** The body as it streams on, and the SHA-256 of what went through once it has ended. */
function digesting(body: Readable): { body: Readable; digest: () => string } {
  const hash = createHash("sha256");
  const through = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  body.on("error", (error) => through.destroy(error));
  body.pipe(through);
  let digest: string | null = null;
  return { body: through, digest: () => (digest ??= hash.digest("hex")) };
}

/**
 * Runs an upload at most once per key. A key already answered: the body is read to its end (not
 * stored) and, when its bytes and `describe`'s fields are the same, the first answer is answered
 * again; other bytes or fields with the key are refused. Otherwise `store` streams the body and calls
 * `remember` in its last transaction; a resend that raced the first and lost answers the first's. The
 * fingerprint is the body's digest with `describe`'s fields (a file name, a conversation).
 */
export async function oncePerUploadKey<T, R extends Reason>(
  db: Database,
  key: UploadKey | null,
  input: { body: Readable; describe: Record<string, string> },
  store: (body: Readable, remember: (tx: Queryable, answer: T) => Promise<void>) => Promise<T | Refusal<R>>,
): Promise<T | Refusal<R | "request_key_reused">> {
  if (!key) return store(input.body, async () => {});
  const { body, digest } = digesting(input.body);
  const request = (): KeyedRequest => ({ ...key, fingerprint: fingerprintOf({ ...input.describe, content: digest() }) });
  const answered = await keyAnswer(db, key);
  if (answered) {
    // Read to its end, not stored: its digest tells whether it is the same file.
    await finished(body.resume());
    return answerFor<T>(answered, request().fingerprint);
  }
  try {
    const result = await store(body, (tx, answer) => rememberAnswer(tx, request(), answer));
    if (!isRefusal(result)) return result;
    return (await storedAnswer<T>(db, request())) ?? result;
  } catch (error) {
    if (!(error instanceof AnsweredMeanwhile)) throw error;
    const stored = await storedAnswer<T>(db, request());
    if (!stored) throw error;
    return stored;
  }
}
