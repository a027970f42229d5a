import { useMemo, useRef } from "react";

/** A fresh idempotency key: 128 random bits in hex (domain/chat.ts messageKeySchema). */
function newMessageKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * One idempotency key per message (docs/decisions/059): the same key while the same message is sent
 * again after a failure (an answer lost on the way stores it only once), a new one once it went through
 * or its text or image changed.
 */
export function useMessageKey() {
  const pending = useRef<{ key: string; content: string; file: File | null } | null>(null);
  return useMemo(
    () => ({
      keyFor(content: string, file: File | null = null): string {
        const current = pending.current;
        if (current && current.content === content && current.file === file) return current.key;
        const key = newMessageKey();
        pending.current = { key, content, file };
        return key;
      },
      /** The message went through: the next one gets a new key. */
      sent() {
        pending.current = null;
      },
    }),
    [],
  );
}
