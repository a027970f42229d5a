import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import superjson, { type SuperJSONResult } from "superjson";

import type { Database, Queryable } from "../../db/database.ts";
import { idempotentRequests } from "../../db/schema/index.ts";
import type { Reason } from "../answers.ts";
import { isRefusal, refusal, type Refusal } from "../refusal.ts";

/*
 * Creates safe to resend (docs/decisions/063): the answer is written under (person, scope, key) as the create's
 * last write, so a resend finds it exactly when the create committed.
 */

/** The creates that take a key; each is its own namespace, so a key never answers another kind of create. */
export type IdempotentScope =
  | "applications.submit"
  | "jobs.create"
  | "rehiring.postAgain"
  | "ratings.submit"
  | "certificates.upload"
  | "chat.imageUpload"
  | "reports.create";

/** One keyed submission: whose, which create, the key, and a digest of what it asked for. */
export type KeyedRequest = { userId: string; scope: IdempotentScope; key: string; fingerprint: string };

/** Thrown inside a create's transaction when its key was answered meanwhile: rolls the create back. */
export class AnsweredMeanwhile extends Error {
  constructor() {
    super("idempotency key answered meanwhile");
  }
}

/** JSON with object keys in sorted order, so equal input digests equally whatever order it came in. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** A digest of a request's input (its key left out): what "the same request" means. */
export function fingerprintOf(input: unknown): string {
  return createHash("sha256").update(canonicalJson(input)).digest("hex");
}

/**
 * The keyed request of a procedure's input, or null when it carries no key (older tabs, the seed):
 * then the create runs as it always did.
 */
export function keyedRequest(
  userId: string,
  scope: IdempotentScope,
  input: { idempotencyKey?: string | undefined },
): KeyedRequest | null {
  const { idempotencyKey: key, ...rest } = input;
  return key === undefined ? null : { userId, scope, key, fingerprint: fingerprintOf(rest) };
}

/**
 * Writes the create's answer under its key, inside the create's transaction and as its last write.
 * When a resend racing this one committed the key first, throws AnsweredMeanwhile (after waiting for it
 * on the primary key), which rolls this create back; `oncePerKey` then answers the first one's.
 */
export async function rememberAnswer(tx: Queryable, request: KeyedRequest | null, answer: unknown): Promise<void> {
  if (!request) return;
  const written = await tx
    .insert(idempotentRequests)
    .values({ ...request, answer: superjson.serialize(answer) })
    .onConflictDoNothing()
    .returning({ key: idempotentRequests.key });
  if (written.length === 0) throw new AnsweredMeanwhile();
}

/** What a key holds: the fingerprint of the request that used it and its first answer; null when unused. */
export type KeyAnswer = { fingerprint: string; answer: SuperJSONResult };

/** The caller's own key's stored answer, whatever it was asked with: only the caller's own keys are read. */
export async function keyAnswer(db: Queryable, key: Omit<KeyedRequest, "fingerprint">): Promise<KeyAnswer | null> {
  const [stored] = await db
    .select({ fingerprint: idempotentRequests.fingerprint, answer: idempotentRequests.answer })
    .from(idempotentRequests)
    .where(
      and(
        eq(idempotentRequests.userId, key.userId),
        eq(idempotentRequests.scope, key.scope),
        eq(idempotentRequests.key, key.key),
      ),
    )
    .limit(1);
  return stored ?? null;
}

/** A stored answer for a request with `fingerprint`: the answer when it is the same request, else a refusal. */
export function answerFor<T>(stored: KeyAnswer, fingerprint: string): T | Refusal<"request_key_reused"> {
  if (stored.fingerprint !== fingerprint) return refusal("request_key_reused");
  return superjson.deserialize<T>(stored.answer);
}

/**
 * The first answer of the request's key: that answer when the input is the same, a refusal when the
 * key was used with other input, null when the key is unused.
 */
export async function storedAnswer<T>(db: Queryable, request: KeyedRequest): Promise<T | Refusal<"request_key_reused"> | null> {
  const stored = await keyAnswer(db, request);
  return stored ? answerFor<T>(stored, request.fingerprint) : null;
}

/**
 * Runs a create at most once per key: a key already answered answers the same again (or is refused
 * with other input) before anything is checked, counted or written; a resend that raced the first and
 * lost (the key taken meanwhile, or the create's own unique row refusing it as a duplicate) answers the
 * first's result too. Without a key, just the create.
 */
export async function oncePerKey<T, R extends Reason>(
  db: Database,
  request: KeyedRequest | null,
  create: () => Promise<T | Refusal<R>>,
): Promise<T | Refusal<R | "request_key_reused">> {
  if (!request) return create();
  const before = await storedAnswer<T>(db, request);
  if (before) return before;
  try {
    const result = await create();
    if (!isRefusal(result)) return result;
    // A natural unique row (one application per job, one review per pair) refused a racing resend
    // before it reached its key: the first one's answer is committed by now.
    return (await storedAnswer<T>(db, request)) ?? result;
  } catch (error) {
    if (!(error instanceof AnsweredMeanwhile)) throw error;
    const stored = await storedAnswer<T>(db, request);
    if (!stored) throw error;
    return stored;
  }
}
