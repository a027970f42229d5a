import { useMemo } from "react";

import { useRequestKey } from "../../lib/request-key.ts";

/**
 * One idempotency key per message (docs/decisions/059): the same key while the same message is sent
 * again after a failure (an answer lost on the way stores it only once), a new one once it went through
 * or its text or image changed. The chat's use of the one request key of every create (src/lib/request-key.ts).
 */
export function useMessageKey() {
  const requestKey = useRequestKey();
  return useMemo(
    () => ({
      keyFor: (content: string, file: File | null = null): string => requestKey.keyFor(content, file),
      /** The message went through: the next one gets a new key. */
      sent: () => requestKey.sent(),
    }),
    [requestKey],
  );
}
