import { useMemo } from "react";

/** A fresh idempotency key: 128 random bits in hex (domain/idempotency.ts idempotencyKeySchema). */
export function newRequestKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Files by identity (a new pick is a new submission), everything else by value. */
function sameParts(a: readonly unknown[], b: readonly unknown[]): boolean {
  return (
    a.length === b.length &&
    a.every((part, i) =>
      part instanceof Blob || b[i] instanceof Blob ? part === b[i] : JSON.stringify(part) === JSON.stringify(b[i]),
    )
  );
}

/**
 * One idempotency key per submission of a create (docs/decisions/059, 063): the same key while the
 * same input is sent again after a failure (a lost answer, a 503), so the server stores it once and
 * answers the first result; a new key once it went through or its input changed.
 */
export function requestKeys() {
  let pending: { key: string; parts: readonly unknown[] } | null = null;
  return {
    /** The key for a submission of `parts` (its input, and any files). */
    keyFor(...parts: unknown[]): string {
      if (pending && sameParts(pending.parts, parts)) return pending.key;
      const key = newRequestKey();
      pending = { key, parts };
      return key;
    },
    /** The submission went through: the next one gets a new key. */
    sent() {
      pending = null;
    },
  };
}

/** `requestKeys` kept for a component's lifetime. */
export function useRequestKey() {
  return useMemo(() => requestKeys(), []);
}

const fileKeys = new WeakMap<File, Map<string, string>>();

/**
 * The idempotency key of an upload of `file` to `target` (a route, a conversation): the same for
 * every retry of that picked file there, another for a file picked again (docs/decisions/063).
 */
export function uploadKeyFor(file: File, target: string): string {
  const keys = fileKeys.get(file) ?? new Map<string, string>();
  fileKeys.set(file, keys);
  const key = keys.get(target) ?? newRequestKey();
  keys.set(target, key);
  return key;
}

/** The upload of `file` to `target` went through: sending it there again is a new upload, with a new key. */
export function uploadSent(file: File, target: string): void {
  fileKeys.get(file)?.delete(target);
}
